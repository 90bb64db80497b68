import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { createSmtpMailer } from '../../../services/mailer.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { mimePart, useFakeSmtp } from '../../../testing/fake-smtp.ts';
import { logCapture } from '../../../testing/log-capture.ts';
import { buildTestApp } from '../../../testing/test-app.ts';

/**
 * A one-time code goes to the shopper or nowhere: with no SMS provider (or mail server)
 * the calls that would send one say they are not available, and no code reaches the
 * log, which more people read than the shopper. Only the demo (DEMO_CODES_IN_LOG) writes
 * codes to the log, so `npm start` can still be tried without any transport.
 */
const PHONE_UNAVAILABLE = { success: false, errorCode: 'codes_unavailable', errorMessage: 'Codes by text message are not available in this shop.' };
const EMAIL_UNAVAILABLE = { success: false, errorCode: 'codes_unavailable', errorMessage: 'Codes by e-mail are not available in this shop.' };

describe.each(testDatabases)('one-time codes with no way to send them, on $name', (database) => {
  const smtp = useFakeSmtp();

  const opened: Array<{ app: FastifyInstance; dispose: () => Promise<void> }> = [];
  afterAll(async () => {
    for (const o of opened) {
      await o.app.close();
      await o.dispose();
    }
  });
  async function shop(options: { smtp?: boolean; codesInLog?: boolean }): Promise<{ app: FastifyInstance; db: Db; log: ReturnType<typeof logCapture> }> {
    const { db, dispose } = await database.open();
    const log = logCapture();
    const app = await buildTestApp(db, {
      mailer: options.smtp ? createSmtpMailer({ url: smtp.url, from: 'shop@shop.example' }) : undefined,
      codesInLog: options.codesInLog,
      logger: log.logger,
    });
    opened.push({ app, dispose });
    return { app, db, log };
  }
  const post = (app: FastifyInstance, url: string, payload: object) => app.inject({ method: 'POST', url, payload });
  const codesIssued = async (db: Db) => (await db.kysely.selectFrom('one_time_codes').select('purpose').execute()).length;
  /** Log lines that carry a message's text or a code. */
  const leaks = (log: ReturnType<typeof logCapture>) => log.lines.filter((l) => 'text' in l || /\b\d{6}\b/.test(String(l.msg)));

  it('without SMS_URL, even with a mail server, phone code login, sign-up and reset answer 503 and no code is made or logged', async () => {
    const { app, db, log } = await shop({ smtp: true });
    const phoneNumber = '+919812345678';
    for (const [url, body] of [
      ['/api/auth/phone/sendOtp', { phoneNumber }],
      ['/api/auth/phone/sendOtpForSignup', { name: 'Asha Rao', phoneNumber }],
      ['/api/auth/phone/sendCodeForPasswordReset', { phoneNumber }],
    ] as const) {
      const res = await post(app, url, body);
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toMatchObject(PHONE_UNAVAILABLE);
    }
    expect(await codesIssued(db)).toBe(0);
    expect(leaks(log)).toEqual([]);

    // e-mail codes go by the mail server as before
    const email = `asha-${database.name}@example.com`;
    expect((await post(app, '/api/auth/email/sendOtp', { email })).statusCode).toBe(200);
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length).toBe(1);
    expect(mimePart(smtp.received.find((m) => m.to.includes(email))!.raw, 'text/plain')).toMatch(/\d{6} is your code to log in to Test Shop/);
    expect(leaks(log)).toEqual([]);
  });

  it('without SMTP_URL, e-mail code login and e-mail sign-up answer 503 and nothing is kept or logged', async () => {
    const { app, db, log } = await shop({});
    const email = 'ravi@example.com';
    expect((await post(app, '/api/auth/email/sendOtp', { email })).json()).toMatchObject(EMAIL_UNAVAILABLE);
    const signup = await post(app, '/api/auth/email/signup', { name: 'Ravi Kumar', email, password: 'tamarind sunrise' });
    expect(signup.statusCode).toBe(503);
    expect(signup.json()).toMatchObject({
      success: false,
      errorCode: 'codes_unavailable',
      errorMessage: 'Signing up by e-mail is not available in this shop just now.',
    });
    expect(await codesIssued(db)).toBe(0);
    expect(await db.kysely.selectFrom('users').select('id').execute()).toEqual([]);
    expect(leaks(log)).toEqual([]);
  });

  it('in the demo (DEMO_CODES_IN_LOG), the phone code is in the log and logs the shopper in', async () => {
    const { app, log } = await shop({ codesInLog: true });
    const phoneNumber = '+919887654321';
    expect((await post(app, '/api/auth/phone/sendOtp', { phoneNumber })).statusCode).toBe(200);
    const line = log.lines.find((l) => l.to === phoneNumber);
    const code = /^(\d{6}) is your code to log in to Test Shop/.exec(String(line?.text))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const login = await post(app, '/api/auth/phone/verifyOtp', { phoneNumber, receivedOtp: code! });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ success: true, user: { phoneNumber } });
  });
});
