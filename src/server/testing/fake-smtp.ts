import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createSmtpMailer } from '../services/mailer.ts';

/** One message as the server took it: who logged in, the envelope and the raw RFC 5322 text. */
export type ReceivedMail = { user: string | undefined; from: string; to: string[]; raw: string };

export type FakeSmtp = {
  /** smtp://user:password@127.0.0.1:<port>, as SMTP_URL would be. */
  url: string;
  received: ReceivedMail[];
  /** DATA answers 550 instead of taking the message (the recipient's mailbox refused it). */
  refuse: boolean;
  /** While set, DATA waits for it before answering: a slow mail server. */
  hold: Promise<void> | undefined;
  close(): Promise<void>;
};

export const SMTP_USER = 'shop-mailer';
export const SMTP_PASSWORD = 'smtp-password-never-logged';

/**
 * A local mail server on a free port of 127.0.0.1 that keeps what it is sent. Plain text
 * only (STARTTLS off, like a relay on the same machine); it asks for the test's user and
 * password, so the credentials travel as they would to a real relay.
 */
export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const fake: FakeSmtp = { url: '', received: [], refuse: false, hold: undefined, close: async () => {} };
  await listen(fake, port);
  return fake;
}

/** The fake mail server for the enclosing describe block: listening from before its first test (its `url` set then) to after its last. */
export function useFakeSmtp(): FakeSmtp {
  const fake: FakeSmtp = { url: '', received: [], refuse: false, hold: undefined, close: async () => {} };
  beforeAll(() => listen(fake, 0));
  afterAll(() => fake.close());
  return fake;
}

/** Starts the server `fake` stands for and sets its url and close. */
async function listen(fake: FakeSmtp, port: number): Promise<void> {
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          await fake.hold;
          if (fake.refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          const { mailFrom, rcptTo } = session.envelope;
          fake.received.push({
            user: typeof session.user === 'string' ? session.user : undefined,
            from: mailFrom ? mailFrom.address : '',
            to: rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  fake.url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${bound}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The app options of a shop that e-mails through this server (from shop@example.com) with links to https://shop.example. */
export const mailingThrough = (smtp: FakeSmtp) => ({
  mailer: createSmtpMailer({ url: smtp.url, from: 'shop@example.com' }),
  publicUrl: 'https://shop.example',
});

/**
 * The decoded body of one part (text/plain, text/html, an attached text/calendar) of a
 * message: just enough MIME for the tests (nested multiparts, quoted-printable or
 * base64), not a mail parser.
 */
export function mimePart(raw: string, type: 'text/plain' | 'text/html' | 'text/calendar'): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const parts = boundaries.reduce((chunks, b) => chunks.flatMap((c) => c.split(`--${b}`)), [raw]);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!new RegExp(`^content-type:\\s*${type}`, 'im').test(headers)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
    const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  throw new Error(`no ${type} part in the message`);
}

/** The message's Subject as a mail program shows it: folded lines joined and RFC 2047 words (=?UTF-8?Q?…?= or ?B?) decoded. */
export function subjectOf(raw: string): string {
  const folded = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
  const joined = folded
    .replace(/\?=\r?\n[ \t]+=\?/g, '?==?')
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
  return joined.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
