import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf } from '../../../domain/booking.ts';
import { runCli } from '../../cli/main.ts';
import { readEnv } from '../../env.ts';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases, type OpenTestDatabase } from '../../testing/databases.ts';
import { addUser } from '../../testing/users.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const IST = 'Asia/Kolkata';
const at = (date: string, time: string) => instantOf(date, time, IST);
const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-customers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// a name is asked for, an e-mail address and a phone number are not: some guests leave no way to reach them
const shopConfig = () => ({
  ...testShopConfig(),
  timeZone: IST,
  orderConfig: { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: false, phone: false } } },
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
});

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

type Personal = { fullName: string; email: string; phone: { number: string; dialCode: string } };
const person = (fullName: string, email = '', number = ''): Personal => ({ fullName, email, phone: { number, dialCode: '+91' } });

describe.each(testDatabases)("the owner's customers on $name", (database) => {
  let opened: OpenTestDatabase;
  let app: FastifyInstance;
  let now = 0;
  const token: Record<string, string> = {};

  const call = (url: string, user?: string) => app.inject({ method: 'GET', url, headers: user ? { authorization: `Bearer ${token[user]}` } : {} });
  /** A pickup order paid on collection, placed at an instant by a user or a guest: its id. */
  const place = async (when: number, user: string | null, personalDetails: Personal, items: Array<{ id: string; qty: number }>) => {
    now = when;
    const res = await app.inject({
      method: 'POST',
      url: '/fn/order/create',
      headers: user ? { authorization: `Bearer ${token[user]}` } : {},
      payload: { userId: user, sfId: 'test-shop', order: { items, deliveryMode: 'pickup', personalDetails, paymentType: 'pof' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ orderId: string }>().orderId;
  };

  beforeAll(async () => {
    opened = await database.open();
    app = await buildTestApp(opened.db, { config: shopConfig(), authSecret: secret, clock: () => now });
    await opened.db.kysely.updateTable('products').set({ stock_milli: 1_000_000 }).execute();
    for (const [id, name, email, phone, role] of [
      ['priya', 'Priya', 'priya@example.com', null, 'owner'],
      ['asha', 'Asha Rao', 'asha@example.com', '+919800000001', 'customer'],
      ['ravi', 'Ravi Kumar', 'ravi@example.com', null, 'customer'],
    ] as const) {
      token[id] = await addUser(opened.db, tokens, { id, role, name, email, phone });
    }
    // a tee is 499.50, a kg of mango 320.00; pickup costs nothing
    await place(at('2026-11-20', '10:00'), 'asha', person('A. Rao', 'a.rao@example.com'), [{ id: 'tee-red-m', qty: 1 }]);
    await place(at('2026-11-21', '09:00'), null, person('Meera', 'Meera@Example.com', '98111 22233'), [{ id: 'mango', qty: 1 }]);
    const cancelled = await place(at('2026-11-22', '12:00'), 'ravi', person('Ravi'), [{ id: 'tee-red-m', qty: 2 }]);
    now = at('2026-11-22', '12:30');
    const cancel = await app.inject({
      method: 'POST',
      url: `/admin/api/orders/${cancelled}/status`,
      headers: { authorization: `Bearer ${token.priya}` },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await place(at('2026-11-22', '18:00'), 'ravi', person('Ravi'), [{ id: 'mango', qty: 0.5 }]);
    await place(at('2026-11-23', '08:00'), null, person('Kiran', '', '99000 11122'), [{ id: 'tee-red-m', qty: 1 }]);
    // the same guest by e-mail, written in another case, under a new name and without a phone
    await place(at('2026-11-24', '11:00'), null, person('Meera S', 'meera@example.com'), [{ id: 'mango', qty: 1.5 }]);
    // a guest who left neither an e-mail address nor a phone number cannot be told apart from another
    await place(at('2026-11-24', '12:00'), null, person('Nobody'), [{ id: 'tee-red-m', qty: 1 }]);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const meera = {
    key: 'email:meera@example.com',
    account: false,
    name: 'Meera S',
    email: 'meera@example.com',
    phone: null,
    orders: 2,
    spent: 800,
    lastOrderAt: at('2026-11-24', '11:00'),
  };
  const kiran = {
    key: 'phone:919900011122',
    account: false,
    name: 'Kiran',
    email: null,
    phone: '+91 99000 11122',
    orders: 1,
    spent: 499.5,
    lastOrderAt: at('2026-11-23', '08:00'),
  };
  // the cancelled 999.00 is not counted, but Ravi is still a customer with his other order
  const ravi = {
    key: 'user:ravi',
    account: true,
    name: 'Ravi Kumar',
    email: 'ravi@example.com',
    phone: null,
    orders: 1,
    spent: 160,
    lastOrderAt: at('2026-11-22', '18:00'),
  };
  // an account shows what the account says, not what was typed at checkout
  const asha = {
    key: 'user:asha',
    account: true,
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '+919800000001',
    orders: 1,
    spent: 499.5,
    lastOrderAt: at('2026-11-20', '10:00'),
  };

  it('lists every shopper and guest contact with their orders, what they spent and their last order, newest first', async () => {
    const res = await call('/admin/api/customers', 'priya');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, customers: [meera, kiran, ravi, asha] });
  });

  it('finds customers by name, e-mail address or phone number', async () => {
    const found = async (q: string) =>
      (await call(`/admin/api/customers?${new URLSearchParams({ q }).toString()}`, 'priya'))
        .json<{ customers: Array<{ name: string }> }>()
        .customers.map((c) => c.name);
    expect(await found('meera')).toEqual(['Meera S']);
    expect(await found('rao asha')).toEqual(['Asha Rao']);
    expect(await found('EXAMPLE.COM')).toEqual(['Meera S', 'Ravi Kumar', 'Asha Rao']);
    // a number as the owner would type it, with or without spaces and the country code
    expect(await found('9900011122')).toEqual(['Kiran']);
    expect(await found('+91 98000 00001')).toEqual(['Asha Rao']);
    // only the newest contact details count: Meera's old phone number no longer finds her
    expect(await found('98111')).toEqual([]);
    expect(await found('Nobody')).toEqual([]);
    const long = await call(`/admin/api/customers?q=${'a'.repeat(101)}`, 'priya');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'bad_request', fields: [{ path: 'q', message: 'Search with at most 100 characters.' }] });
  });

  it('answers a guest and a shopper as if the calls did not exist', async () => {
    const missing = await call('/admin/api/no-such-call');
    for (const url of ['/admin/api/customers', '/admin/api/customers.csv']) {
      for (const user of [undefined, 'asha']) {
        const res = await call(url, user);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toBe(missing.body);
      }
    }
  });

  const csv = [
    '\uFEFFname,email,phone,account,orders,total spent,last order (Asia/Kolkata)',
    'Meera S,meera@example.com,,guest,2,800.00,2026-11-24 11:00',
    // a phone number starting with + would be a formula in a spreadsheet: written with a ' before it
    "Kiran,,'+91 99000 11122,guest,1,499.50,2026-11-23 08:00",
    'Ravi Kumar,ravi@example.com,,account,1,160.00,2026-11-22 18:00',
    "Asha Rao,asha@example.com,'+919800000001,account,1,499.50,2026-11-20 10:00",
    '',
  ].join('\n');

  it('exports the customers to CSV from the command line', async () => {
    const shopFile = path.join(dir, `shop-${database.name}.json`);
    writeFileSync(shopFile, JSON.stringify(shopConfig()));
    const env = { ...readEnv({}), shopConfig: shopFile, ...opened.location };
    const file = path.join(dir, `customers-${database.name}.csv`);
    const lines: string[] = [];
    const out = { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) };
    expect(await runCli(['customers', 'export', file], out, env)).toBe(0);
    expect(lines).toEqual([`Wrote 4 customers to ${file}.`]);
    expect(readFileSync(file, 'utf8')).toBe(csv);

    lines.length = 0;
    expect(await runCli(['customers', 'export'], out, env)).toBe(1);
    expect(lines.join('\n')).toContain('Usage: npm run shop -- customers export <file.csv>');
    lines.length = 0;
    expect(await runCli(['customers', 'export', path.join(dir, 'no-such-folder', 'c.csv')], out, env)).toBe(1);
    expect(lines.join('\n')).toContain('Cannot write');
  });

  it('serves the same CSV to the owner as a download', async () => {
    const res = await call('/admin/api/customers.csv', 'priya');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(csv);
  });
});
