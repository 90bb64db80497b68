import { describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../../services/mailer.ts';
import { testDatabases } from '../../../testing/databases.ts';
import { mimePart, useFakeSmtp } from '../../../testing/fake-smtp.ts';
import { testShopConfig } from '../../../testing/fixtures.ts';
import { useTestApp } from '../../../testing/test-app.ts';

const PUBLIC_URL = 'https://shop.example';

describe.each(testDatabases)('the newsletter, double opt-in, on $name', (database) => {
  const smtp = useFakeSmtp();
  const shop = useTestApp(database, () => ({
    config: { ...testShopConfig(), newsletter: { couponPercent: 15 } },
    mailer: createSmtpMailer({ url: smtp.url, from: 'shop@shop.example' }),
    publicUrl: PUBLIC_URL,
  }));

  const post = (url: string, payload: unknown) => shop.app.inject({ method: 'POST', url, payload: payload as object });
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
    // subscribing again gives no second code: the same one is e-mailed to the address again
    expect((await post('/api/newsletter/subscribe', { email })).json()).toMatchObject({ success: true });
    expect(await lastMail(email, 3)).toContain(`Your code: ${couponCode}`);
    expect((await coupons()).filter((c) => c === couponCode)).toHaveLength(1);
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
