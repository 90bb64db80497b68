import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../../domain/auth-messages.ts';
import { createSmtpMailer } from '../../../services/mailer.ts';
import { smsFrom, type SmsSender } from '../../../services/sms.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { startFakeSms, SMS_TOKEN, type FakeSms } from '../../../testing/fake-sms.ts';
import { mimePart, useFakeSmtp } from '../../../testing/fake-smtp.ts';
import { useTestApp } from '../../../testing/test-app.ts';
import { REFRESH_COOKIE } from './auth-kit.ts';

/** auth-kit's limit: 30 codes an hour from one address. */
const CODE_SENDS_PER_IP = { max: 30 };

/**
 * One-time codes over the wire (spec §7): phone sign-up, code login by phone and e-mail,
 * password reset, new phone numbers and addresses; codes read from a local SMS provider
 * and a local SMTP server, as a shopper reads them.
 */
describe.each(testDatabases)('one-time codes on $name', (database) => {
  const smtp = useFakeSmtp();
  let sms: FakeSms;
  beforeAll(async () => {
    sms = await startFakeSms();
    return () => sms.close();
  });
  // a shop that mails links sets PUBLIC_URL (without it no sign-up link is sent)
  const shop = useTestApp(database, () => ({
    mailer: createSmtpMailer({ url: smtp.url, from: 'shop@shop.example' }),
    sms: (smsFrom({ url: sms.url, token: SMS_TOKEN }) as { sender: SmsSender }).sender,
    publicUrl: 'https://shop.example',
  }));
  let n = 0;
  // a fresh client address per test keeps the per-address limits of one test out of the next
  let ip = '';
  const phone = () => `+9198${String(Date.now() % 1e6).padStart(6, '0')}${String(++n).padStart(2, '0')}`;
  const email = () => `codes-${++n}-${database.name}@example.com`;
  let ipCounter = 0;
  const freshIp = () => (ip = `198.51.100.${++ipCounter}`);

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    shop.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip || freshIp() });
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const cookieOf = (res: LightMyRequestResponse) => `${REFRESH_COOKIE}=${res.cookies.find((c) => c.name === REFRESH_COOKIE)!.value}`;
  /** The code of the newest text to `to`, once more than `seen` have come. */
  const smsCode = async (to: string, seen = 0) => {
    await expect.poll(() => sms.received.filter((m) => m.to === to).length).toBeGreaterThan(seen);
    return /\b(\d{6})\b/.exec(sms.received.filter((m) => m.to === to).at(-1)!.text)![1]!;
  };
  const mailCode = async (to: string) => {
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(to)).length).toBeGreaterThan(0);
    return /\b(\d{6})\b/.exec(mimePart(smtp.received.filter((m) => m.to.includes(to)).at(-1)!.raw, 'text/plain'))![1]!;
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('signs up by phone with the texted code, then logs in by phone and password; the number cannot sign up twice', async () => {
    freshIp();
    const number = phone();
    const sent = await post('/api/auth/phone/sendOtpForSignup', {
      name: 'Ravi Kumar',
      phoneNumber: `${number.slice(0, 3)} ${number.slice(3, 8)}-${number.slice(8)}`,
    });
    expect(sent.json()).toEqual({ status: 'success', success: true, errorCode: null, errorMessage: null });
    const code = await smsCode(number);
    expect(sms.received.at(-1)!.text).toContain('to sign up');

    const badCode = await post('/api/auth/phone/signup', { name: 'Ravi Kumar', phoneNumber: number, password: 'monsoon evenings', otp: wrong(code) });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json()).toMatchObject({ success: false, errorCode: 'wrong_code', errorMessage: authMessages.wrongCode });
    const signup = await post('/api/auth/phone/signup', { name: 'Ravi Kumar', phoneNumber: number, password: 'monsoon evenings', otp: code });
    expect(signup.json()).toMatchObject({ success: true, authToken: expect.any(String), user: { name: 'Ravi Kumar', phoneNumber: number, email: null } });

    const login = await post('/api/auth/phone/login', { phone: number, password: 'monsoon evenings' });
    expect(login.json()).toMatchObject({ success: true, user: { phoneNumber: number } });
    const badLogin = await post('/api/auth/phone/login', { phone: number, password: 'monsoon mornings' });
    const unknown = await post('/api/auth/phone/login', { phone: phone(), password: 'monsoon evenings' });
    expect(badLogin.statusCode).toBe(401);
    expect(badLogin.body).toBe(unknown.body);

    // a second sign-up with the same number: only its owner, holding a fresh code, learns it has an account
    freshIp();
    await shop.db.kysely.updateTable('one_time_codes').set({ created_at: 0 }).where('target', '=', number).execute();
    const texts = sms.received.filter((m) => m.to === number).length;
    await post('/api/auth/phone/sendOtpForSignup', { name: 'Someone Else', phoneNumber: number });
    const again = await post('/api/auth/phone/signup', {
      name: 'Someone Else',
      phoneNumber: number,
      password: 'other password here',
      otp: await smsCode(number, texts),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'account_exists', errorMessage: authMessages.phoneAccountExists });
    expect((await post('/api/auth/phone/login', { phone: number, password: 'monsoon evenings' })).statusCode).toBe(200);
  });

  it('code login by phone: an unknown number gets an account with no name, a known one its own account', async () => {
    freshIp();
    const number = phone();
    expect((await post('/api/auth/phone/sendOtp', { phoneNumber: number })).json()).toMatchObject({ status: 'success' });
    const first = await post('/api/auth/phone/verifyOtp', { phoneNumber: number, receivedOtp: await smsCode(number) });
    expect(first.json()).toMatchObject({ success: true, authToken: expect.any(String), user: { name: '', phoneNumber: number } });
    await shop.db.kysely.updateTable('one_time_codes').set({ created_at: 0 }).where('target', '=', number).execute();
    await post('/api/auth/phone/sendOtp', { phoneNumber: number });
    const second = await post('/api/auth/phone/verifyOtp', { phoneNumber: number, receivedOtp: await smsCode(number) });
    expect(second.json().user.id).toBe(first.json().user.id);
    // a used code does not work twice
    expect((await post('/api/auth/phone/verifyOtp', { phoneNumber: number, receivedOtp: await smsCode(number) })).json()).toMatchObject({
      errorCode: 'invalid_code',
    });
  });

  it('20 parallel wrong codes: 5 are counted as wrong, the rest find the code dead, and then the right one is refused', async () => {
    freshIp();
    const address = email();
    await post('/api/auth/email/sendOtp', { email: address });
    const code = await mailCode(address);
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        shop.app.inject({
          method: 'POST',
          url: '/api/auth/email/verifyOtp',
          payload: { email: address, receivedOtp: wrong(code) },
          remoteAddress: `192.0.2.${i + 1}`,
        }),
      ),
    );
    const codes = tries.map((t) => t.json().errorCode);
    expect(codes.filter((c) => c === 'wrong_code')).toHaveLength(5);
    expect(codes.filter((c) => c === 'invalid_code')).toHaveLength(15);
    expect((await post('/api/auth/email/verifyOtp', { email: address, receivedOtp: code })).json()).toMatchObject({
      success: false,
      errorCode: 'invalid_code',
    });
  });

  it('a second code within a minute, or a 31st code from one address in an hour, is answered 429 with Retry-After', async () => {
    freshIp();
    const number = phone();
    await post('/api/auth/phone/sendOtp', { phoneNumber: number });
    const soon = await post('/api/auth/phone/sendOtp', { phoneNumber: number });
    expect(soon.statusCode).toBe(429);
    const wait = Number(soon.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(soon.json()).toMatchObject({ status: 'error', success: false, errorCode: 'too_many_codes', errorMessage: authMessages.waitForCode(wait) });

    freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < CODE_SENDS_PER_IP.max; i++) statuses.push((await post('/api/auth/phone/sendOtp', { phoneNumber: phone() })).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const before = sms.received.length;
    const capped = await post('/api/auth/phone/sendOtp', { phoneNumber: phone() });
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);
    expect(sms.received.length).toBe(before);
  });

  it('resets a password by e-mailed code: the same answers for unknown addresses, old sessions end, the new password works', async () => {
    freshIp();
    const address = email();
    await post('/api/auth/email/sendOtp', { email: address });
    const joined = await post('/api/auth/email/verifyOtp', { email: address, receivedOtp: await mailCode(address) });
    const oldCookie = cookieOf(joined);

    const known = await post('/api/auth/email/sendCodeForPasswordReset', { email: address });
    const unknownAddress = email();
    const unknown = await post('/api/auth/email/sendCodeForPasswordReset', { email: unknownAddress });
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toMatchObject({ status: 'success' });
    // the cooldown is alike too: asking again at once is refused for both
    expect((await post('/api/auth/email/sendCodeForPasswordReset', { email: address })).statusCode).toBe(429);
    expect((await post('/api/auth/email/sendCodeForPasswordReset', { email: unknownAddress })).statusCode).toBe(429);

    await expect.poll(() => smtp.received.filter((m) => m.to.includes(address)).length).toBe(2);
    const code = await mailCode(address);
    expect(smtp.received.some((m) => m.to.includes(unknownAddress))).toBe(false);
    expect((await post('/api/auth/email/verifyCodeForPasswordReset', { email: address, otp: wrong(code) })).json()).toMatchObject({ errorCode: 'wrong_code' });
    expect((await post('/api/auth/email/verifyCodeForPasswordReset', { email: address, otp: code })).json()).toMatchObject({ success: true });

    expect((await post('/api/auth/email/resetPassword', { email: address, password: 'password', otp: code })).json().fields).toEqual([
      { path: 'password', message: authMessages.passwordCommon },
    ]);
    const reset = await post('/api/auth/email/resetPassword', { email: address, password: 'cardamom and cloves', otp: code });
    expect(reset.json()).toMatchObject({ success: true, authToken: expect.any(String), user: { email: address } });
    expect((await post('/api/auth/refresh', {}, { cookie: oldCookie })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {}, { cookie: cookieOf(reset) })).statusCode).toBe(200);
    expect((await post('/api/auth/email/login', { email: address, password: 'cardamom and cloves' })).statusCode).toBe(200);
    // the code is used up
    expect((await post('/api/auth/email/resetPassword', { email: address, password: 'another good one', otp: code })).json()).toMatchObject({
      errorCode: 'invalid_code',
    });
  });

  it('a sign-up someone else left unconfirmed loses its password when the real owner proves the address', async () => {
    freshIp();
    const address = email();
    await post('/api/auth/email/signup', { name: 'Mallory', email: address, password: 'left unconfirmed' });
    await mailCode(address);
    await shop.db.kysely.updateTable('one_time_codes').set({ created_at: 0 }).where('target', '=', address).execute();
    await post('/api/auth/email/sendOtp', { email: address });
    expect((await post('/api/auth/email/verifyOtp', { email: address, receivedOtp: await mailCode(address) })).json()).toMatchObject({ success: true });
    expect((await post('/api/auth/email/login', { email: address, password: 'left unconfirmed' })).statusCode).toBe(401);
  });

  it('a new phone number and a new address take effect only with a code sent to them; one owned by another account is refused', async () => {
    freshIp();
    const address = email();
    await post('/api/auth/email/sendOtp', { email: address });
    const token = (await post('/api/auth/email/verifyOtp', { email: address, receivedOtp: await mailCode(address) })).json().authToken as string;
    const number = phone();
    expect((await post('/api/auth/phone/sendOtpForVerification', { phoneNumber: number })).statusCode).toBe(401);
    expect((await post('/api/auth/phone/sendOtpForVerification', { phoneNumber: number }, as(token))).json()).toMatchObject({ status: 'success' });
    const code = await smsCode(number);
    expect((await post('/api/auth/phone/updatePhone', { newPhoneNumber: number, otp: wrong(code) }, as(token))).statusCode).toBe(400);
    const updated = await post('/api/auth/phone/updatePhone', { newPhoneNumber: number, otp: code }, as(token));
    expect(updated.json()).toMatchObject({ success: true, user: { email: address, phoneNumber: number } });

    // someone else cannot take that number
    const other = email();
    await post('/api/auth/email/sendOtp', { email: other });
    const otherToken = (await post('/api/auth/email/verifyOtp', { email: other, receivedOtp: await mailCode(other) })).json().authToken as string;
    await shop.db.kysely.updateTable('one_time_codes').set({ created_at: 0 }).where('target', '=', number).execute();
    await post('/api/auth/phone/sendOtpForVerification', { phoneNumber: number }, as(otherToken));
    const taken = await post('/api/auth/phone/updatePhone', { newPhoneNumber: number, otp: await smsCode(number) }, as(otherToken));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'taken', errorMessage: authMessages.phoneTaken });

    // a new e-mail address: the code goes to it, and only the code moves the account there
    const moved = email();
    const asked = await post('/api/auth/email/updateEmail', { newEmail: moved }, as(token));
    expect(asked.json()).toMatchObject({ status: 'success', errorCode: 'code_sent', errorMessage: authMessages.confirmNewEmail });
    const change = await post('/api/auth/email/updateEmail', { newEmail: moved, otp: await mailCode(moved) }, as(token));
    expect(change.json()).toMatchObject({ success: true, user: { email: moved, phoneNumber: number } });
    expect(await shop.db.kysely.selectFrom('users').select('id').where('email', '=', address).executeTakeFirst()).toBeUndefined();
  });

  it('a provider that refuses the message: the send says so and the browser can show it', async () => {
    freshIp();
    sms.failWith = 503;
    try {
      const res = await post('/api/auth/phone/sendOtp', { phoneNumber: phone() });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ status: 'error', errorCode: 'code_not_sent', errorMessage: authMessages.codeNotSent });
    } finally {
      sms.failWith = undefined;
    }
  });

  it('a sign-up body naming an id or a role gets neither: the account is a new customer', async () => {
    freshIp();
    const number = phone();
    await post('/api/auth/phone/sendOtpForSignup', { name: 'Mallory', phoneNumber: number, role: 'owner' });
    const res = await post('/api/auth/phone/signup', {
      name: 'Mallory',
      phoneNumber: number,
      password: 'quiet river stones',
      otp: await smsCode(number),
      id: 'u-owner',
      role: 'owner',
      phone_verified: 0,
    });
    expect(res.json().user.id).not.toBe('u-owner');
    const row = await shop.db.kysely.selectFrom('users').select(['role', 'phone_verified']).where('phone', '=', number).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'customer', phone_verified: 1 });
  });

  it('refuses numbers without a country code and malformed bodies with 400, changing nothing', async () => {
    freshIp();
    const before = sms.received.length;
    for (const body of [{ phoneNumber: '98765 43210' }, { phoneNumber: '+0 12345678' }, { phoneNumber: 12345 }, {}, { email: 'x@example.com' }]) {
      expect((await post('/api/auth/phone/sendOtp', body)).statusCode).toBe(400);
    }
    expect(sms.received.length).toBe(before);
  });
});
