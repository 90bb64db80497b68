import type Nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { lazyModule } from '../lazy-module.ts';
import { NO_PUBLIC_URL } from '../public-origin.ts';
import { escapeHtml } from './order-email.ts';

/** One e-mail with a plain-text body and its HTML alternative, and any files (a calendar invitation). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
};

/** A plain-text e-mail, with its HTML part the same words, escaped, line breaks kept. */
export const textMail = (to: string, subject: string, text: string): MailMessage => ({
  to,
  subject,
  text,
  html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
});

/**
 * What the routes know of e-mail: send a message, and close on shutdown. Only this file
 * knows it goes over SMTP with nodemailer; tests may pass any implementation.
 */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects with the transport's error. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A display name and an address; nodemailer quotes and encodes the name itself. */
export type MailFrom = string | { name: string; address: string };

// a bad SMTP_URL is named, never echoed: it may carry the password
const smtpUrlSchema = z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587' });

/**
 * Seconds, not nodemailer's minutes: a mail server that hangs must not keep sockets open
 * behind every order for long (the sends are fire-and-forget, nothing waits for them).
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer, loaded only for a shop with SMTP_URL. */
const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');

/** A mailer over SMTP_URL (smtp://user:pass@host:587; smtps:// for TLS from the first byte). */
export function createSmtpMailer(settings: { url: string; from: MailFrom }): Mailer {
  const url = smtpUrlSchema.safeParse(settings.url);
  if (!url.success) throw new Error(url.error.issues[0]?.message ?? 'SMTP_URL is not valid');
  // one connection per message: orders are rare next to what a pool saves; nodemailer's own logger stays off (it would log the AUTH exchange)
  const transport = loadNodemailer().createTransport({ url: url.data, ...TIMEOUTS, logger: false }, { from: settings.from });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close() {
      transport.close();
    },
  };
}

/** MAIL_FROM when the owner set it, else the shop's title at no-reply@ the public host (localhost without PUBLIC_URL). */
export function defaultMailFrom(shopTitle: string, publicUrl: string | undefined): MailFrom {
  const host = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl).hostname : undefined;
  return { name: shopTitle, address: `no-reply@${host || 'localhost'}` };
}

/** Anything that looks like an address or URL credentials (`user:pass@host`) in an error message. */
const ADDRESS_LIKE = /[^\s<>@"'(),;]+@[^\s<>@"'(),;]+/g;

/**
 * A send error as a log line may hold it: nodemailer's code, the SMTP reply code and the
 * command that failed, and the message with addresses and credentials cut out (a refusal
 * names the recipient; a few socket errors name the URL).
 */
export function describeMailError(err: unknown): { code?: string; responseCode?: number; command?: string; message: string } {
  if (!(err instanceof Error)) return { message: 'unknown error' };
  const e = err as Error & { code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
    // the command's name only ("RCPT TO", "AUTH PLAIN"): AUTH PLAIN may carry the credentials after it
    ...(typeof e.command === 'string' ? { command: /^[A-Z]+(?: [A-Z]+)?/.exec(e.command)?.[0] ?? '?' } : {}),
    message: e.message.replace(ADDRESS_LIKE, '[redacted]').slice(0, 300),
  };
}

/**
 * Sends a message without holding up the answer (decision 017): what it is about is
 * committed already, so a slow or refusing mail server only costs a log line. Nothing is
 * awaited and nothing here throws; without a mailer one line says what was not sent.
 * `about` names the e-mail and the record's id for the log: never a token, a link or an address.
 */
export function mailInBackground(
  mailer: Mailer | undefined,
  log: FastifyBaseLogger,
  about: { email: string } & Record<string, string>,
  build: () => MailMessage | null,
): void {
  const { email, ...ids } = about;
  if (!mailer) {
    log.info(ids, `${email} e-mail not sent: SMTP_URL is not set`);
    return;
  }
  // async, so that an error building the message rejects too instead of throwing into the route
  const send = async () => {
    const message = build();
    if (message) await mailer.send(message);
    return message !== null;
  };
  send().then(
    (sent) => sent && log.info(ids, `${email} e-mail sent`),
    (err: unknown) => log.warn({ ...ids, mailError: describeMailError(err) }, `${email} e-mail not sent`),
  );
}

/**
 * mailInBackground for an e-mail with links to the shop, made from `origin` (mailOrigin):
 * without one (a mail server but no PUBLIC_URL) nothing is sent, and the log says why.
 */
export function mailLinksInBackground(
  mailer: Mailer | undefined,
  log: FastifyBaseLogger,
  about: { email: string } & Record<string, string>,
  origin: string | null,
  build: (origin: string) => MailMessage | null,
): void {
  if (origin === null) {
    const { email, ...ids } = about;
    log.error(ids, `${email} ${NO_PUBLIC_URL}`);
    return;
  }
  mailInBackground(mailer, log, about, () => build(origin));
}
