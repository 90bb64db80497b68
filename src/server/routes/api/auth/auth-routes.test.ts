import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../../domain/auth-messages.ts';
import { createSmtpMailer } from '../../../services/mailer.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { mimePart, useFakeSmtp } from '../../../testing/fake-smtp.ts';
import { useTestApp } from '../../../testing/test-app.ts';
import { ATTEMPTS, REFRESH_COOKIE } from './auth-kit.ts';

const PUBLIC_URL = 'https://shop.example';

describe.each(testDatabases)('signing up and logging in by e-mail on $name', (database) => {
  const smtp = useFakeSmtp();
  const shop = useTestApp(database, () => ({ mailer: createSmtpMailer({ url: smtp.url, from: 'shop@shop.example' }), publicUrl: PUBLIC_URL }));
  let n = 0;
  const someone = () => `asha-${++n}-${database.name}@example.com`;

  const post = (url: string, payload: object, cookie?: string) => shop.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const refreshCookie = (res: LightMyRequestResponse) => {
    const c = res.cookies.find((k) => k.name === REFRESH_COOKIE);
    return c ? { header: `${REFRESH_COOKIE}=${c.value}`, cookie: c } : null;
  };
  /** The confirmation link's code from the last message sent to the address. */
  const codeFor = async (email: string) => {
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBeGreaterThan(0);
    const text = mimePart(smtp.received.filter((m) => m.to.includes(email)).at(-1)!.raw, 'text/plain');
    return { text, code: /#email=[^&\s]+&code=(\d{6})/.exec(text)?.[1] };
  };

  it('signs up, confirms by the e-mailed link, and is logged in with a refresh cookie', async () => {
    const email = someone();
    const signup = await post('/api/auth/email/signup', { name: 'Asha Rao', email, password: 'tamarind sunrise' });
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({ success: true, authToken: null, user: null, errorCode: 'confirm_email', errorMessage: authMessages.confirmEmail });
    const { text, code } = await codeFor(email);
    expect(text).toContain(`${PUBLIC_URL}/email-confirmed#email=`);
    expect(code).toMatch(/^\d{6}$/);

    // not confirmed yet: the password alone does not log in
    expect((await post('/api/auth/email/login', { email, password: 'tamarind sunrise' })).statusCode).toBe(401);

    const confirmed = await post('/api/auth/email/confirm', { email, code: code! });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      success: true,
      authToken: expect.any(String),
      user: { name: 'Asha Rao', email, phoneNumber: null },
      errorCode: null,
    });
    const cookie = refreshCookie(confirmed)!;
    expect(cookie.cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(confirmed.body).not.toContain(cookie.cookie.value);

    const login = await post('/api/auth/email/login', { email: email.toUpperCase(), password: 'tamarind sunrise' });
    expect(login.json()).toMatchObject({ success: true, user: { email } });
    // the code worked once only
    expect((await post('/api/auth/email/confirm', { email, code: code! })).json()).toMatchObject({ success: false, errorCode: 'invalid_code' });
  });

  it('answers a sign-up with a known address exactly like a new one, and the account keeps its password', async () => {
    const email = someone();
    await post('/api/auth/email/signup', { name: 'Asha', email, password: 'tamarind sunrise' });
    await post('/api/auth/email/confirm', { email, code: (await codeFor(email)).code! });
    const before = smtp.received.length;
    const again = await post('/api/auth/email/signup', { name: 'Mallory', email, password: 'another password 2' });
    const fresh = await post('/api/auth/email/signup', { name: 'Mallory', email: someone(), password: 'another password 2' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    // the owner of the address is told, without a code
    await expect.poll(() => smtp.received.length).toBeGreaterThan(before + 1);
    expect(mimePart(smtp.received.find((m, i) => i >= before && m.to.includes(email))!.raw, 'text/plain')).toContain('You already have an account');
    expect((await post('/api/auth/email/login', { email, password: 'another password 2' })).statusCode).toBe(401);
    expect((await post('/api/auth/email/login', { email, password: 'tamarind sunrise' })).statusCode).toBe(200);
  });

  it('a wrong password and an unknown address get the very same answer', async () => {
    const email = someone();
    await post('/api/auth/email/signup', { name: 'Asha', email, password: 'tamarind sunrise' });
    await post('/api/auth/email/confirm', { email, code: (await codeFor(email)).code! });
    const wrong = await post('/api/auth/email/login', { email, password: 'tamarind sunset' });
    const unknown = await post('/api/auth/email/login', { email: someone(), password: 'tamarind sunrise' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      success: false,
      authToken: null,
      user: null,
      errorCode: 'invalid_credentials',
      errorMessage: authMessages.invalidCredentials,
    });
  });

  it('refuses short and common passwords and bad addresses, and creates nothing', async () => {
    const email = someone();
    for (const [password, message] of [
      ['short', authMessages.passwordTooShort],
      ['password1', authMessages.passwordCommon],
      ['        ', authMessages.passwordTrivial],
      ['aaaaaaaaaa', authMessages.passwordTrivial],
      [`my ${email}`, authMessages.passwordPersonal],
      ['asha said hello', authMessages.passwordPersonal],
    ] as const) {
      const res = await post('/api/auth/email/signup', { name: 'Asha', email, password });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ path: 'password', message }]);
    }
    expect((await post('/api/auth/email/signup', { name: 'Asha', email: 'not-an-address', password: 'tamarind sunrise' })).statusCode).toBe(400);
    expect((await post('/api/auth/email/signup', { name: 'A', email, password: 'tamarind sunrise' })).statusCode).toBe(400);
    expect(await shop.db.kysely.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('refresh rotates the cookie; logout ends the session; an old cookie after logout is refused with the expiry text', async () => {
    const email = someone();
    await post('/api/auth/email/signup', { name: 'Asha', email, password: 'tamarind sunrise' });
    const confirmed = await post('/api/auth/email/confirm', { email, code: (await codeFor(email)).code! });
    const first = refreshCookie(confirmed)!.header;
    const refreshed = await post('/api/auth/refresh', {}, first);
    expect(refreshed.json()).toMatchObject({ success: true, authToken: expect.any(String), user: { email } });
    const second = refreshCookie(refreshed)!.header;
    expect(second).not.toBe(first);

    expect((await post('/api/auth/logout', {}, second)).json()).toEqual({ success: true });
    const after = await post('/api/auth/refresh', {}, second);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({
      success: false,
      errorCode: 'session_expired',
      errorMessage: 'Your session has expired. Please re-login into your account.',
    });
    expect((await post('/api/auth/refresh', {})).statusCode).toBe(401);
  });

  it('too many login attempts from one address are answered 429 with Retry-After, and nothing is checked', async () => {
    const from = (ip: string) => (payload: object) => shop.app.inject({ method: 'POST', url: '/api/auth/email/login', payload, remoteAddress: ip });
    const attacker = from('203.0.113.7');
    const codes: number[] = [];
    for (let i = 0; i < ATTEMPTS.max; i++) codes.push((await attacker({ email: someone(), password: `guess number ${i}` })).statusCode);
    expect(codes.every((c) => c === 401)).toBe(true);
    const limited = await attacker({ email: someone(), password: 'one more guess' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    // someone else is not held up
    expect((await from('198.51.100.9')({ email: someone(), password: 'a real try' })).statusCode).toBe(401);
    // every refused guess costs a deliberately slow password hash: a busy machine needs more than the default 20 s
  }, 60_000);
});
