import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/databases.ts';
import { useTestApp } from '../../../testing/test-app.ts';

describe.each(testDatabases)('POST /api/newsletter/subscribe on $name', (database) => {
  const t = useTestApp(database);
  const subscribe = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object });

  it('gives a subscriber a 10 % coupon code', async () => {
    const res = await subscribe({ email: 'asha@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ percent: 10, couponCode: expect.stringMatching(/^WELCOME-[A-Z2-9]{8}$/) });
  });

  it('gives the same code when the same address subscribes again, whatever its case', async () => {
    const a = (await subscribe({ email: 'ravi@example.com' })).json().couponCode;
    const b = (await subscribe({ email: '  RAVI@example.com ' })).json().couponCode;
    expect(b).toBe(a);
    const other = (await subscribe({ email: 'meera@example.com' })).json().couponCode;
    expect(other).not.toBe(a);
  });

  it('rejects a bad address with a 400 naming the field, and stores nothing', async () => {
    for (const payload of [{ email: 'not-an-email' }, {}, { email: 42 }, { email: `${'a'.repeat(250)}@example.com` }]) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', fields: [{ path: 'email' }] });
    }
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': 'text/plain' }, payload: 'email=x' });
    expect(wrongType.statusCode).toBe(400);
  });
});
