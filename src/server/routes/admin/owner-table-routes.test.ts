import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../services/access-tokens.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testShopConfig } from '../../testing/fixtures.ts';
import { useTestApp } from '../../testing/test-app.ts';
import { useOwnerAndCustomer } from '../../testing/users.ts';

const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

const withTables = () => ({
  ...testShopConfig(),
  dineInConfig: { dineInEnabled: true },
  dineSpaces: [
    { id: 'table-1', name: 'Table 1' },
    { id: 'patio', name: 'Patio' },
  ],
});

describe.each(testDatabases)("the tables' QR sheet on /admin, on $name", (database) => {
  const shop = useTestApp(database, { config: withTables(), authSecret: secret, publicUrl: 'https://cafe.example' });
  const token = useOwnerAndCustomer(shop, tokens);
  const sheet = (user: string | null) =>
    shop.app.inject({ method: 'GET', url: '/admin/api/tables/qr-sheet.svg', headers: user ? { authorization: `Bearer ${token[user]}` } : {} });

  it("downloads for the owner a code per table, each opening the catalog at that table on the shop's public address", async () => {
    const res = await sheet('priya');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="table-codes.svg"');
    for (const [id, name] of [
      ['table-1', 'Table 1'],
      ['patio', 'Patio'],
    ]) {
      expect(res.body).toContain(`>${name}</text>`);
      const code = await QRCode.toString(`https://cafe.example/catalog?dineInSpaceId=${id}`, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      expect(res.body).toContain(/<path stroke="#000000" d="([^"]+)"/.exec(code)![1]);
    }
  });

  it('is nothing to a shopper or a guest', async () => {
    for (const user of [null, 'asha']) expect((await sheet(user)).statusCode).toBe(404);
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
