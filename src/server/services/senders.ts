import type { Env } from '../env.ts';
import { createSmtpMailer, defaultMailFrom } from './mailer.ts';
import { createPushSender, loadVapidKeys } from './push.ts';

/** The order and account e-mails' transport, from SMTP_URL; none without it. */
export function mailerFor(env: Env, shopTitle: string) {
  return env.mail.smtpUrl ? createSmtpMailer({ url: env.mail.smtpUrl, from: env.mail.from ?? defaultMailFrom(shopTitle, env.publicUrl) }) : undefined;
}

/** The Web Push sender with the shop's VAPID keys (decision 022); the server and the owner's commands share them. */
export function pushSenderFor(env: Env, contactEmail: string | undefined) {
  const subject =
    env.vapid.subject ?? (env.publicUrl?.startsWith('https://') ? env.publicUrl : contactEmail ? `mailto:${contactEmail}` : 'mailto:owner@localhost');
  return createPushSender(loadVapidKeys(env.vapid, env.dataDir, subject));
}
