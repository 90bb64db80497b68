import { describe, expect, it } from 'vitest';
import { createSmtpMailer, defaultMailFrom, describeMailError } from './mailer.ts';

describe('the SMTP mailer', () => {
  it('refuses an SMTP_URL that is not smtp:// or smtps://, without repeating it', () => {
    for (const url of ['http://user:hunter2@mail.example:25', 'mail.example:587', 'smtp//user:hunter2@host']) {
      let message = '';
      try {
        createSmtpMailer({ url, from: 'shop@example.com' });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, url).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(message).not.toContain('hunter2');
    }
    expect(() => createSmtpMailer({ url: 'smtps://user:pass@mail.example:465', from: 'shop@example.com' }).close()).not.toThrow();
  });

  it('sends from the shop title at no-reply@ the public host unless MAIL_FROM says otherwise', () => {
    expect(defaultMailFrom('Test Shop', 'https://shop.example/')).toEqual({ name: 'Test Shop', address: 'no-reply@shop.example' });
    expect(defaultMailFrom('Test Shop', undefined)).toEqual({ name: 'Test Shop', address: 'no-reply@localhost' });
  });

  it('describes a send error with no address, credentials or AUTH payload in it', () => {
    const refused = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <asha@example.com>: Recipient address rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
    });
    expect(describeMailError(refused)).toEqual({
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
      message: "Can't send mail - all recipients were rejected: 550 5.1.1 <[redacted]>: Recipient address rejected",
    });
    const auth = Object.assign(new Error('Invalid login: 535 failed for smtp://shop:hunter2@mail.example'), {
      code: 'EAUTH',
      command: 'AUTH PLAIN AHNob3AAaHVudGVyMg==',
    });
    const described = describeMailError(auth);
    expect(described).toMatchObject({ code: 'EAUTH', command: 'AUTH PLAIN' });
    expect(JSON.stringify(described)).not.toMatch(/hunter2|AHNob3AAaHVudGVyMg/);
    expect(describeMailError('a string')).toEqual({ message: 'unknown error' });
  });
});
