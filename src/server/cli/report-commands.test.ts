import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../domain/booking.ts';
import { createCouponRepository } from '../db/repositories/coupon-repository.ts';
import { createNewsletterRepository } from '../db/repositories/newsletter-repository.ts';
import { readEnv } from '../env.ts';
import { createAccessTokens } from '../services/access-tokens.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { pickupOrUpiShopConfig, testPersonal } from '../testing/fixtures.ts';
import { buildTestApp } from '../testing/test-app.ts';
import { addOwnerPriya } from '../testing/users.ts';
import { runCli } from './main.ts';

const IST = 'Asia/Kolkata';
const at = (date: string, time: string) => instantOf(date, time, IST);
const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The reports' shop, in India's time zone. */
const shopConfig = () => ({ ...pickupOrUpiShopConfig(), timeZone: IST });

function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
}

const secret = randomBytes(32);

describe.each(testDatabases)('npm run shop -- report sales and newsletter export on $name', (database) => {
  let opened: OpenTestDatabase;
  let app: FastifyInstance;
  let now = 0;
  let ownerToken = '';
  const env = () => {
    const shopFile = path.join(dir, `shop-${database.name}.json`);
    writeFileSync(shopFile, JSON.stringify(shopConfig()));
    return { ...readEnv({}), shopConfig: shopFile, ...opened.location };
  };
  const personal = testPersonal();
  /** A guest's pickup order placed through the shop's API at an instant: its number. */
  const place = async (when: number, items: Array<{ id: string; qty: number }>, paymentType: 'pof' | 'upi-manual') => {
    now = when;
    const res = await app.inject({
      method: 'POST',
      url: '/fn/order/create',
      payload: { userId: null, sfId: 'test-shop', order: { items, deliveryMode: 'pickup', personalDetails: personal, paymentType } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orderId: string; order: { number: number } }>();
  };
  const owner = async (url: string, payload: object) =>
    expect((await app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${ownerToken}` } })).statusCode).toBe(200);

  beforeAll(async () => {
    opened = await database.open();
    app = await buildTestApp(opened.db, { config: shopConfig(), authSecret: secret, clock: () => now });
    await opened.db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).execute();
    ownerToken = await addOwnerPriya(opened.db, createAccessTokens(secret));
    // ten minutes before midnight in India on the 23rd (18:20 UTC), then the 24th from ten past midnight, then the 25th
    const late = await place(at('2026-11-23', '23:50'), [{ id: 'mango', qty: 1.5 }], 'pof');
    const paid = await place(at('2026-11-24', '00:10'), [{ id: 'tee-red-m', qty: 2 }], 'upi-manual');
    await owner(`/admin/api/orders/${paid.orderId}/paid`, { reference: 'UTR123456789' });
    const cancelled = await place(
      at('2026-11-24', '11:05'),
      [
        { id: 'tee-red-m', qty: 1 },
        { id: 'mango', qty: 0.5 },
      ],
      'pof',
    );
    await owner(`/admin/api/orders/${cancelled.orderId}/status`, { status: 'cancelled' });
    const next = await place(at('2026-11-25', '09:00'), [{ id: 'tee-red-m', qty: 1 }], 'pof');
    // a shop's first order is #1001
    expect([late, paid, cancelled, next].map((o) => o.order.number)).toEqual([1001, 1002, 1003, 1004]);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  it("writes one row per order line of the days asked, dated in the shop's time zone, to CSV", async () => {
    const file = path.join(dir, `sales-${database.name}.csv`);
    const { lines, out } = capture();
    expect(await runCli(['report', 'sales', '--from', '2026-11-24', '--to', '2026-11-24', '--csv', file], out, env())).toBe(0);
    expect(lines).toEqual([`Wrote 3 lines of 2 orders, 2026-11-24 (Asia/Kolkata), to ${file}.`]);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(text, { bom: true })).toEqual([
      ['date', 'time', 'order', 'status', 'payment', 'payment status', 'product', 'variant', 'qty', 'unit price', 'line total', 'tax'],
      ['2026-11-24', '00:10', '#1002', 'placed', 'upi-manual', 'paid', 'Cotton Tee', 'Red / M', '2', '499.50', '999.00', '0.00'],
      // the lines in the order's own order, as its page and printout show them
      ['2026-11-24', '11:05', '#1003', 'cancelled', 'pof', 'to_collect', 'Alphonso Mango', '', '0.50 kg', '320.00', '160.00', '0.00'],
      ['2026-11-24', '11:05', '#1003', 'cancelled', 'pof', 'to_collect', 'Cotton Tee', 'Red / M', '1', '499.50', '499.50', '0.00'],
    ]);
  });

  it('prints a table of the days asked; the 23:50 order stays on its own day', async () => {
    const { lines, out } = capture();
    expect(await runCli(['report', 'sales', '--from', '2026-11-23', '--to', '2026-11-23'], out, env())).toBe(0);
    // columns as wide as their widest cell, two spaces apart; numbers (and their headers) to the right
    expect(lines).toEqual([
      'Sales 2026-11-23 (Asia/Kolkata): 1 line of 1 order',
      'date        time   order  status  payment  payment status  product         variant      qty  unit price  line total   tax',
      `2026-11-23  23:50  #1001  placed  pof      to_collect      Alphonso Mango${' '.repeat(11)}1.50 kg      320.00      480.00  0.00`,
      'Line totals of the orders not cancelled or rejected: 480.00 (before charges and discounts)',
    ]);
    // the 24th and the 25th: the cancelled order is listed but not in the total (999.00 + 499.50)
    const two = capture();
    expect(await runCli(['report', 'sales', '--from', '2026-11-24', '--to', '2026-11-25'], two.out, env())).toBe(0);
    expect(two.lines[0]).toBe('Sales 2026-11-24 to 2026-11-25 (Asia/Kolkata): 4 lines of 3 orders');
    expect(two.lines.at(-1)).toBe('Line totals of the orders not cancelled or rejected: 1498.50 (before charges and discounts)');
    const none = capture();
    expect(await runCli(['report', 'sales', '--to', '2026-11-22'], none.out, env())).toBe(0);
    expect(none.lines).toEqual(['No orders 2026-11-22 (Asia/Kolkata).']);
  });

  it('refuses a bad date, a backwards range, an unknown option and a folder that is not there, and writes nothing', async () => {
    for (const [args, says] of [
      [['report', 'sales', '--from', '24-11-2026'], '"24-11-2026" is not a date: write it like 2026-11-24.'],
      [['report', 'sales', '--from', '2026-11-25', '--to', '2026-11-24'], '--from 2026-11-25 is after --to 2026-11-24: nothing can be between them.'],
      [['report', 'sales', '--since', '2026-11-24'], "Unknown option '--since'"],
      [['report', 'sales', '--csv', path.join(dir, 'no-such-folder', 'sales.csv')], 'Cannot write'],
      [['report', 'sails'], 'Usage: npm run shop -- report sales'],
    ] as const) {
      const { lines, out } = capture();
      expect(await runCli([...args], out, env()), args.join(' ')).toBe(1);
      expect(lines.join('\n')).toContain(says);
    }
  });

  it('exports the confirmed newsletter subscribers with when they confirmed, and not the unconfirmed', async () => {
    const newsletter = createNewsletterRepository(opened.db, createCouponRepository(opened.db));
    await newsletter.subscribe('meera@example.com', at('2026-11-20', '09:00'));
    await newsletter.confirm('meera@example.com', null, at('2026-11-20', '23:45'));
    await newsletter.subscribe('+ravi@example.com', at('2026-11-21', '10:00'));
    await newsletter.confirm('+ravi@example.com', null, at('2026-11-22', '00:30'));
    await newsletter.subscribe('later@example.com', at('2026-11-22', '10:00'));
    const file = path.join(dir, `newsletter-${database.name}.csv`);
    const { lines, out } = capture();
    expect(await runCli(['newsletter', 'export', file], out, env())).toBe(0);
    expect(lines).toEqual([`Wrote 2 confirmed subscribers to ${file}.`]);
    // an address starting with + would be a formula in a spreadsheet: written with a ' before it
    expect(parseCsv(readFileSync(file, 'utf8'), { bom: true })).toEqual([
      ['email', 'confirmed at (Asia/Kolkata)'],
      ['meera@example.com', '2026-11-20 23:45'],
      ["'+ravi@example.com", '2026-11-22 00:30'],
    ]);
    const bad = capture();
    expect(await runCli(['newsletter', 'export'], bad.out, env())).toBe(1);
    expect(bad.lines.join('\n')).toContain('Usage: npm run shop -- newsletter export <file.csv>');
  });
});
