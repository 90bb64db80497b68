import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../../services/mailer.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { mimePart, useFakeSmtp } from '../../../testing/fake-smtp.ts';
import { testShopConfig } from '../../../testing/fixtures.ts';
import { useTestApp } from '../../../testing/test-app.ts';

const PUBLIC_URL = 'https://shop.example';

const DAY = 24 * 60 * 60_000;

describe.each(testDatabases)('the newsletter, double opt-in, on $name', (database) => {
  const smtp = useFakeSmtp();
  let now = Date.parse('2026-11-27T10:00:00+05:30');
  // the mails handed to the mail server, counted as they are handed over (the answer is sent after that)
  let handed = 0;
  const shop = useTestApp(database, () => {
    const smtpMailer = createSmtpMailer({ url: smtp.url, from: 'shop@shop.example' });
    return {
      config: { ...testShopConfig(), newsletter: { couponPercent: 15 } },
      mailer: { ...smtpMailer, send: (message) => (handed++, smtpMailer.send(message)) },
      publicUrl: PUBLIC_URL,
      clock: () => now,
    };
  });

  // each call from a client address of its own unless told otherwise: the per-client limit has a test of its own
  let clients = 0;
  const post = (url: string, payload: unknown, from = `10.0.${Math.floor(++clients / 250)}.${clients % 250}`) =>
    shop.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: from });
  /** Every mail handed over has arrived: then the fake server's count is the whole count. */
  const settled = () => expect.poll(() => smtp.received.length).toBe(handed);
  const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => mimePart(m.raw, 'text/plain'));
  const lastMail = async (email: string, count: number) => {
    await expect.poll(() => mailTo(email).length).toBe(count);
    return mailTo(email).at(-1)!;
  };
  const coupons = async () =>
    (await shop.db.kysely.selectFrom('coupons').select(['code', 'percent_hundredths', 'total_uses']).where('source', '=', 'newsletter').execute()).map(
      (c) => c.code,
    );

  it('answers a sign-up the same for any address, with no code, and e-mails a link to confirm', async () => {
    const res = await post('/api/newsletter/subscribe', { email: ' Asha@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, confirm: true, message: 'Check your inbox: open the link we sent to confirm your address.' });
    expect(res.body).not.toMatch(/WELCOME-/);
    const text = await lastMail('asha@example.com', 1);
    expect(text).toContain(`${PUBLIC_URL}/newsletter-confirmed#email=asha%40example.com&code=`);
    // nothing is given before the address confirms
    expect(await coupons()).toEqual([]);
  });

  it('confirmed by the link, the address gets its one 15 % code by e-mail, never in an answer', async () => {
    const email = 'ravi@example.com';
    await post('/api/newsletter/subscribe', { email });
    const code = /&code=(\d{6})/.exec(await lastMail(email, 1))![1];
    const wrong = await post('/api/newsletter/confirm', { email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post('/api/newsletter/confirm', { email, code });
    expect(confirmed.json()).toEqual({ success: true, couponSent: true, percent: 15 });
    const couponText = await lastMail(email, 2);
    const couponCode = /Your code: (WELCOME-[A-Z2-9]{8})/.exec(couponText)![1];
    expect(couponText).toContain('for 15% off');
    expect(await coupons()).toContain(couponCode);
    // the link works once
    expect((await post('/api/newsletter/confirm', { email, code })).statusCode).toBe(400);
    // subscribing again the next day gives no second code: the same one is e-mailed to the address again
    now += DAY;
    expect((await post('/api/newsletter/subscribe', { email })).json()).toMatchObject({ success: true });
    expect(await lastMail(email, 3)).toContain(`Your code: ${couponCode}`);
    expect((await coupons()).filter((c) => c === couponCode)).toHaveLength(1);
  });

  it('sends a confirmed address its code again at most once a day, however often and from wherever it is asked, and answers alike', async () => {
    const email = 'kiran@example.com';
    await post('/api/newsletter/subscribe', { email });
    const code = /&code=(\d{6})/.exec(await lastMail(email, 1))![1];
    expect((await post('/api/newsletter/confirm', { email, code })).statusCode).toBe(200);
    await lastMail(email, 2);
    const first = handed;
    // the red team's 40 calls, from 40 addresses: each answered as ever, none sends anything today
    for (let i = 0; i < 40; i++) {
      const res = await post('/api/newsletter/subscribe', { email: i % 2 ? email : 'Kiran@Example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, confirm: true, message: 'Check your inbox: open the link we sent to confirm your address.' });
    }
    expect(handed).toBe(first);
    await settled();
    expect(mailTo(email)).toHaveLength(2);
    // a day after the code was sent, once more; then not again that day
    now += DAY;
    for (let i = 0; i < 5; i++) await post('/api/newsletter/subscribe', { email });
    await settled();
    expect(mailTo(email)).toHaveLength(3);
  });

  it('sends one link a day to one mailbox, however its address is written, and gives one mailbox one welcome code', async () => {
    // a flood of tagged forms of one Gmail address, each from a client of its own
    for (let i = 0; i < 40; i++) expect((await post('/api/newsletter/subscribe', { email: `meera+${i}@gmail.com` })).statusCode).toBe(200);
    await settled();
    const sent = smtp.received.filter((m) => m.to.some((to) => /^meera\+\d+@gmail\.com$/.test(to)));
    expect(sent).toHaveLength(1);
    const [to] = sent[0]!.to;
    const code = /&code=(\d{6})/.exec(mimePart(sent[0]!.raw, 'text/plain'))![1];
    expect((await post('/api/newsletter/confirm', { email: to, code })).json()).toMatchObject({ couponSent: true });
    // the next day another form of it confirms too: subscribed, but no second code
    now += DAY;
    await post('/api/newsletter/subscribe', { email: 'me.era@gmail.com' });
    const other = /&code=(\d{6})/.exec(await lastMail('me.era@gmail.com', 1))![1];
    expect((await post('/api/newsletter/confirm', { email: 'me.era@gmail.com', code: other })).json()).toEqual({
      success: true,
      couponSent: false,
      percent: 15,
    });
  });

  it('lets one client sign up 10 addresses an hour, then answers 429 with Retry-After and sends nothing', async () => {
    const client = '203.0.113.77';
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await post('/api/newsletter/subscribe', { email: `made-up-${i}@example.com` }, client));
    expect(answers.slice(0, 10).map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    for (const refused of answers.slice(10)) {
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    await settled();
    expect(smtp.received.filter((m) => m.to.some((to) => to.startsWith('made-up-')))).toHaveLength(10);
    // another client is not slowed
    expect((await post('/api/newsletter/subscribe', { email: 'neighbour@example.com' }, '203.0.113.78')).statusCode).toBe(200);
  });

  it('rejects a bad address with a 400 naming the field, and stores nothing', async () => {
    for (const payload of [{ email: 'not-an-email' }, {}, { email: 42 }, { email: `${'a'.repeat(250)}@example.com` }]) {
      const res = await post('/api/newsletter/subscribe', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', fields: [{ path: 'email' }] });
    }
    const wrongType = await shop.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x',
    });
    expect(wrongType.statusCode).toBe(400);
  });
});
