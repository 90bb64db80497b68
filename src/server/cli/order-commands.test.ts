import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../db/database.ts';
import { readEnv } from '../env.ts';
import { capture, useScratchDir } from '../testing/cli.ts';
import { startFakeSmtp, type FakeSmtp } from '../testing/fake-smtp.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { placeOrder } from '../testing/orders.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { runCli } from './main.ts';

const { dir, writeJson } = useScratchDir();

describe('npm run shop -- orders and mark-paid', () => {
  const shopConfig = () => ({
    ...testShopConfig(),
    orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: false } } },
    payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  });
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.close());
  const env = () => ({
    ...readEnv({}),
    shopConfig: writeJson('shop-orders.json', shopConfig()),
    dataDir: path.join(dir, 'data-orders'),
    mail: { smtpUrl: smtp.url, from: 'shop@example.com' },
  });

  /** A pickup order from Asha, placed through the shop's own API on the commands' database. */
  async function orderFromAsha(): Promise<{ id: string; number: number }> {
    const e = env();
    const db = openDatabase({ dataDir: e.dataDir, databaseUrl: undefined });
    await migrate(db);
    const app = await buildTestApp(db, { config: shopConfig() });
    try {
      const res = await placeOrder(app);
      expect(res.statusCode).toBe(200);
      const { orderId, order } = res.json<{ orderId: string; order: { number: number } }>();
      return { id: orderId, number: order.number };
    } finally {
      await app.close();
      await db.close();
    }
  }

  it('lists orders, moves one on by its number (the shopper gets an e-mail), refuses a wrong step, shows it in full and marks it collected', async () => {
    const { id, number } = await orderFromAsha();
    const label = `#${number}`;
    const list = capture();
    expect(await runCli(['orders', 'list'], list.out, env())).toBe(0);
    expect(list.lines.find((l) => l.startsWith(label))).toMatch(/placed\s+pickup\s+to_collect.*Asha Rao/);
    const none = capture();
    expect(await runCli(['orders', 'list', 'confirmed'], none.out, env())).toBe(0);
    expect(none.lines).toEqual(['No orders that are confirmed.']);

    const confirm = capture();
    expect(await runCli(['orders', 'set-status', label, 'confirmed'], confirm.out, env())).toBe(0);
    expect(confirm.lines).toEqual([`Order ${label}: placed → confirmed.`]);
    const mail = smtp.received.find((m) => m.to.includes('asha@example.com'));
    expect(mail?.raw).toContain(`Your order ${label} is confirmed.`);

    const wrong = capture();
    expect(await runCli(['orders', 'set-status', String(number), 'out_for_delivery'], wrong.out, env())).toBe(1);
    expect(wrong.lines.join('\n')).toContain(
      `Order ${number} is confirmed: it cannot become out_for_delivery. It can become: preparing, ready, picked_up, cancelled.`,
    );
    const unknown = capture();
    expect(await runCli(['orders', 'set-status', id, 'shipped'], unknown.out, env())).toBe(1);
    expect(unknown.lines.join('\n')).toContain('Unknown status "shipped".');

    const paid = capture();
    expect(await runCli(['mark-paid', String(number)], paid.out, env())).toBe(0);
    expect(paid.lines).toEqual([`Order ${number}: payment collected.`]);
    const again = capture();
    expect(await runCli(['mark-paid', id], again.out, env())).toBe(1);
    expect(again.lines).toEqual([`Order ${id} is paid already.`]);

    // by its number with or without '#', and by its long id: the same order in full
    const shown: string[] = [];
    for (const ref of [label, String(number), id]) {
      const show = capture();
      expect(await runCli(['orders', 'show', ref], show.out, env())).toBe(0);
      shown.push(show.lines.join('\n'));
    }
    expect(new Set(shown).size).toBe(1);
    const text = shown[0]!;
    expect(text).toContain(`Order ${label} · confirmed · Pickup · ₹499.50`);
    expect(text).toContain('Contact: Asha Rao · asha@example.com');
    expect(text).toContain('Pickup at the shop');
    expect(text).toContain('1 × Cotton Tee (Red / M) @ ₹499.50 = ₹499.50');
    expect(text).toContain('Payment: Pay on delivery, paid');
    expect(text).toContain('Next: preparing, ready, picked_up, cancelled');
    // the history in the shop's time zone (the test shop is in Asia/Kolkata), with who did it
    expect(text).toMatch(
      /History:\n {2}\w{3}, \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m {2}shopper: placed the order\n.+command line: placed → confirmed\n.+command line: payment collected/,
    );
    const missing = capture();
    expect(await runCli(['orders', 'show', '999'], missing.out, env())).toBe(1);
    expect(missing.lines.join('\n')).toContain("There is no order 999. Name it by its number (1042 or '#1042') or its id.");
    expect(await runCli(['orders', 'show', '01NOSUCHORDER'], capture().out, env())).toBe(1);
  });

  it('a collected order that is then cancelled owes a refund; refund marks it paid back once', async () => {
    const { number } = await orderFromAsha();
    const run = async (...args: string[]) => {
      const c = capture();
      const code = await runCli(args, c.out, env());
      return { code, text: c.lines.join('\n') };
    };
    expect(await run('refund', `#${number}`)).toEqual({
      code: 1,
      text: `Order #${number} owes no refund: it was not paid, or it was not cancelled or rejected.`,
    });
    expect((await run('mark-paid', `#${number}`)).code).toBe(0);
    expect((await run('orders', 'set-status', `#${number}`, 'cancelled')).code).toBe(0);
    expect((await run('orders', 'show', `#${number}`)).text).toContain('Refund due: ₹499.50 by Pay on delivery');
    expect(await run('refund', `#${number}`)).toEqual({ code: 0, text: `Order #${number}: refunded ₹499.50.` });
    expect((await run('orders', 'show', `#${number}`)).text).toMatch(/Refunded: ₹499\.50 on \w{3}, \d{1,2} \w{3},? \d{4}/);
    expect(await run('refund', `#${number}`)).toEqual({ code: 1, text: `Order #${number}'s refund is marked done already.` });
    expect((await run('refund', '#999999')).code).toBe(1);
  });
});
