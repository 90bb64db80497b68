import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { hashPassword } from '../../../services/passwords.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { insertUser } from '../../../testing/users.ts';
import { buildTestApp } from '../../../testing/test-app.ts';

const PASSWORD = 'tamarind sunrise';

/** Issue 20: the session cookies travel over https only on a shop that is public over https, whatever a proxy says. */
describe.each(testDatabases)('the refresh cookie on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    await insertUser(db, { id: 'asha', role: 'customer', name: 'Asha', passwordHash: await hashPassword(PASSWORD) });
  });
  afterAll(async () => dispose?.());

  const loginCookies = async (publicUrl: string) => {
    const app = await buildTestApp(db, { publicUrl, seed: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/email/login', payload: { email: 'asha@example.com', password: PASSWORD } });
      expect(res.statusCode).toBe(200);
      return res.cookies;
    } finally {
      await app.close();
    }
  };

  it('is Secure when the shop is public over https, even reached without a proxy that says so', async () => {
    const cookies = await loginCookies('https://shop.example');
    expect(cookies.map((c) => [c.name, c.secure])).toEqual([
      ['sf_refresh', true],
      ['sf_signed_in', true],
    ]);
  });

  it('is not Secure on a shop at http://localhost, so development over http keeps its session', async () => {
    const cookies = await loginCookies('http://localhost:3000');
    expect(cookies.map((c) => [c.name, c.secure ?? false])).toEqual([
      ['sf_refresh', false],
      ['sf_signed_in', false],
    ]);
  });
});
