import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { countOrders } from '../../testing/orders.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { useOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

/** A café with two tables, asking for their codes (the default), paid at the counter. */
const withTables = () => ({
  ...testShopConfig(),
  payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
  dineInConfig: { dineInEnabled: true },
  dineSpaces: [
    { id: 'table-1', name: 'Table 1' },
    { id: 'patio', name: 'Patio' },
  ],
});

/** A coffee for Asha at a table, with what she typed as the table's code. */
const atTable = (spaceId: string, code?: string, value = '') => ({
  sfId: 'test-shop',
  order: {
    items: [{ id: 'tee-red-m', qty: 1 }],
    deliveryMode: 'dine',
    personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } },
    dineInDetails: { spaceId, value, ...(code === undefined ? {} : { code }) },
    paymentType: 'pof',
  },
});

describe.each(testDatabases)("the tables' codes and QR sheet on /admin, on $name", (database) => {
  const shop = useTestApp(database, { config: withTables(), authSecret: secret, publicUrl: 'https://cafe.example' });
  const token = useOwnerAndCustomer(shop, tokens);
  const as = (user: string | null) => (user ? { authorization: `Bearer ${token[user]}` } : {});
  const sheet = (user: string | null) => shop.app.inject({ method: 'GET', url: '/admin/api/tables/qr-sheet.svg', headers: as(user) });
  const tables = async () => (await shop.app.inject({ method: 'GET', url: '/admin/api/tables', headers: as('priya') })).json();
  const codeOf = async (id: string): Promise<string> => (await tables()).tables.find((t: { id: string }) => t.id === id).code;
  const order = (body: object) => shop.app.inject({ method: 'POST', url: '/fn/order/create', payload: body });
  const newCode = (id: string, payload?: object, user = 'priya') =>
    shop.app.inject({ method: 'POST', url: `/admin/api/tables/${id}/code`, headers: as(user), ...(payload ? { payload } : {}) });

  it('lists each table with a 4-digit code of its own, the same on every read', async () => {
    const first = await tables();
    expect(first.codesAsked).toBe(true);
    expect(first.tables).toEqual([
      { id: 'table-1', name: 'Table 1', code: expect.stringMatching(/^[0-9]{4}$/), bill: null },
      { id: 'patio', name: 'Patio', code: expect.stringMatching(/^[0-9]{4}$/), bill: null },
    ]);
    expect(await tables()).toEqual(first);
  });

  it("downloads for the owner a QR code per table, each opening the catalog at that table on the shop's public address, with the table's code printed and not in the link", async () => {
    const res = await sheet('priya');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="table-codes.svg"');
    for (const [id, name] of [
      ['table-1', 'Table 1'],
      ['patio', 'Patio'],
    ]) {
      expect(res.body).toContain(`>${name}</text>`);
      expect(res.body).toContain(`table code <tspan font-weight="700" font-size="5">${await codeOf(id!)}</tspan>`);
      const code = await QRCode.toString(`https://cafe.example/catalog?dineInSpaceId=${id}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      expect(res.body).toContain(/<path stroke="#000000" d="([^"]+)"/.exec(code)![1]);
    }
  });

  it("takes a table's order from the storefront only with that table's code; a wrong or missing code is refused and changes nothing", async () => {
    const code = await codeOf('table-1');
    const wrong = code === '9999' ? '0000' : '9999';
    const before = await countOrders(shop.db);
    for (const body of [atTable('table-1', wrong), atTable('table-1', await codeOf('patio')), atTable('table-1')]) {
      const res = await order(body);
      expect(res.statusCode).toBe(400);
      const message = res.json().fields[0];
      expect(message.path).toBe('order.dineInDetails.code');
    }
    const refused = await order(atTable('table-1', wrong));
    expect(refused.json().fields).toEqual([
      {
        path: 'order.dineInDetails.code',
        message: "That is not this table's code. It is on the card at your table, beside the QR code; the staff can tell you too.",
      },
    ]);
    // a table typed in by hand has no code to check: it is refused, not let past the codes
    const typed = await order(atTable('', code, 'Table 1'));
    expect(typed.json().fields).toEqual([{ path: 'order.dineInDetails.spaceId', message: 'This field is required.' }]);
    expect(await countOrders(shop.db)).toBe(before);

    const placed = await order(atTable('table-1', code));
    expect(placed.statusCode).toBe(200);
    expect(placed.json().order.details.dineInDetails).toEqual({ spaceId: 'table-1', value: '' });
    expect(await countOrders(shop.db)).toBe(before + 1);
  });

  it("gives a table the owner's new code, or a random one: the old code orders nothing from then on, the other tables keep theirs", async () => {
    const patio = await codeOf('patio');
    const old = await codeOf('table-1');
    const chosen = old === '4321' ? '1234' : '4321';
    const changed = await newCode('table-1', { code: chosen });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ id: 'table-1', code: chosen });
    expect(await codeOf('table-1')).toBe(chosen);
    expect((await order(atTable('table-1', old))).statusCode).toBe(400);
    expect((await order(atTable('table-1', chosen))).statusCode).toBe(200);
    expect(await codeOf('patio')).toBe(patio);

    const random = await newCode('table-1');
    expect(random.json().code).toMatch(/^[0-9]{4}$/);
    expect(await codeOf('table-1')).toBe(random.json().code);
    const audit = await shop.db.kysely.selectFrom('audit_log').select(['actor', 'subject']).where('action', '=', 'table.code_changed').execute();
    expect(audit).toEqual([
      { actor: 'priya', subject: 'table-1' },
      { actor: 'priya', subject: 'table-1' },
    ]);
  });

  it('refuses a code that is not four digits, or a table the shop does not have, and changes nothing', async () => {
    const before = await tables();
    for (const code of ['123', '12345', '12a4', ' 1234', 1234]) {
      const res = await newCode('patio', { code });
      expect(res.statusCode).toBe(400);
    }
    expect((await newCode('patio', { code: '12a4' })).json().fields).toEqual([{ path: 'code', message: 'A table code is four digits, like 0427.' }]);
    expect((await newCode('kitchen', { code: '1234' })).statusCode).toBe(404);
    expect(await tables()).toEqual(before);
  });

  it('is nothing to a shopper or a guest', async () => {
    for (const user of [null, 'asha']) {
      expect((await sheet(user)).statusCode).toBe(404);
      expect((await shop.app.inject({ method: 'GET', url: '/admin/api/tables', headers: as(user) })).statusCode).toBe(404);
      expect((await newCode('patio', { code: '1234' }, user ?? 'nobody')).statusCode).toBe(404);
    }
  });
});

describe.each(testDatabases)('a café that takes table orders without codes, on $name', (database) => {
  const shop = useTestApp(database, { config: { ...withTables(), dineInConfig: { dineInEnabled: true, tableCodes: false } }, authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens);
  it('takes them by the table alone, or a table typed in, and prints no codes', async () => {
    expect((await shop.app.inject({ method: 'POST', url: '/fn/order/create', payload: atTable('patio') })).statusCode).toBe(200);
    expect((await shop.app.inject({ method: 'POST', url: '/fn/order/create', payload: atTable('', undefined, 'Garden bench') })).statusCode).toBe(200);
    const list = await shop.app.inject({ method: 'GET', url: '/admin/api/tables', headers: { authorization: `Bearer ${token.priya}` } });
    expect(list.json()).toEqual({
      codesAsked: false,
      tables: [
        { id: 'table-1', name: 'Table 1', code: null, bill: null },
        { id: 'patio', name: 'Patio', code: null, bill: expect.objectContaining({ rounds: [expect.objectContaining({ status: 'placed' })] }) },
      ],
    });
    const sheet = await shop.app.inject({ method: 'GET', url: '/admin/api/tables/qr-sheet.svg', headers: { authorization: `Bearer ${token.priya}` } });
    expect(sheet.body).toContain('>Scan to order</text>');
    expect(sheet.body).not.toContain('table code');
  });
});

describe.each(testDatabases)('a shop without tables, on $name', (database) => {
  const shop = useTestApp(database, { authSecret: secret });
  const token = useOwnerAndCustomer(shop, tokens);
  it('says there are no tables to print codes for', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/admin/api/tables/qr-sheet.svg', headers: { authorization: `Bearer ${token.priya}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'no_tables' });
  });
});
