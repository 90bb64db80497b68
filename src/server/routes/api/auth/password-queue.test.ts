import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { hashPassword } from '../../../services/passwords.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { insertUser } from '../../../testing/users.ts';
import { buildTestApp } from '../../../testing/test-app.ts';

/**
 * Issue 20: password hashing is slow on purpose, so a burst of logins could queue
 * without end and hold everyone up. Past a bound the server says "busy, try again"
 * at once instead.
 */
describe.each(testDatabases)('a burst of logins on $name', (database) => {
  let app: FastifyInstance;
  let db: Db;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ db, dispose } = await database.open());
    // two hashes at a time: anything past that is refused rather than queued
    app = await buildTestApp(db, { passwordQueueLimit: 2 });
    await insertUser(db, { id: 'asha', role: 'customer', name: 'Asha', passwordHash: await hashPassword('tamarind sunrise') });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const login = (i: number) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/email/login',
      payload: { email: 'asha@example.com', password: 'tamarind sunrise' },
      remoteAddress: `198.51.100.${i}`,
    });

  it('is answered 503 with Retry-After past the bound, never 500; the next login after the burst works', async () => {
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => login(i + 1)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const busy of burst.filter((r) => r.statusCode === 503)) {
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      expect(busy.json()).toMatchObject({ success: false, authToken: null, errorCode: 'busy', errorMessage: expect.stringMatching(/try again/i) });
    }

    expect((await login(100)).statusCode).toBe(200);
  });

  it('a burst of sign-ups is answered the same way', async () => {
    const signups = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/email/signup',
          payload: { name: 'Ravi Kumar', email: `ravi-${i}@example.com`, password: 'monsoon evenings' },
          remoteAddress: `203.0.113.${i + 1}`,
        }),
      ),
    );
    expect(signups.map((r) => r.statusCode).filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(signups.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
  });
});
