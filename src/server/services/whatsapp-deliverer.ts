import type { FastifyBaseLogger } from 'fastify';
import type { ShopConfig } from '../../domain/shop-config.ts';
import type { DueMessage, WhatsAppRepository } from '../db/repositories/whatsapp-repository.ts';
import { CLAIM_MARGIN_MS, GIVE_UP_AFTER_MS, retryDelay } from './outbox-retry.ts';
import { startSweeper } from './sweeper.ts';
import type { WhatsAppCloud } from './whatsapp-cloud.ts';

/**
 * Sends the WhatsApp outbox (db/repositories/whatsapp-repository.ts) through the Cloud API (issue 40):
 * each message claimed before it is sent, so one instance sends it; WhatsApp's trouble and timeouts
 * tried again after 10 s, doubling to an hour, for a day; a refusal that will not pass (a template not
 * approved, a number not on WhatsApp) ends it as failed. A message whose send timed out but which
 * WhatsApp took is found by its status webhook (its id travels as `biz_opaque_callback_data`) and is
 * not sent again. Failures never reach the order: it was changed before its message was queued.
 */
export type WhatsAppDeliverer = { sendDue(): Promise<number>; stop(): Promise<void> };

const BATCH = 50;

export function startWhatsAppDeliverer(options: {
  messages: WhatsAppRepository;
  cloud: WhatsAppCloud;
  shop: () => ShopConfig;
  log: FastifyBaseLogger;
  clock?: () => number;
  /** How often each instance looks for messages due (default 2 s); tests also call sendDue. */
  everyMs?: number;
  timeoutMs?: number;
}): WhatsAppDeliverer {
  const { messages, cloud, shop, log, clock = Date.now, everyMs = 2000, timeoutMs = 10_000 } = options;

  async function send(message: DueMessage): Promise<boolean> {
    const now = clock();
    if (await messages.optedOut(message.to)) {
      await messages.skip(message.id, now);
      return false;
    }
    const claimedUntil = now + timeoutMs + CLAIM_MARGIN_MS;
    if (!(await messages.claim(message.id, now, claimedUntil))) return false;
    const { whatsapp } = shop();
    const outcome = await cloud.sendTemplate({
      to: message.to,
      template: whatsapp.templates[message.kind] ?? message.kind,
      language: whatsapp.language,
      params: message.params,
      callbackData: message.id,
    });
    const about = { messageId: message.id, kind: message.kind, subject: message.subject };
    if (outcome.ok) {
      await messages.accepted(message.id, outcome.wamid, clock());
      log.info({ ...about, attempt: message.attempts + 1 }, 'whatsapp message sent');
      return true;
    }
    const at = clock();
    const givenUp = !outcome.retry || at - message.createdAt >= GIVE_UP_AFTER_MS;
    const recorded = await messages.failed(message.id, claimedUntil, outcome.reason, givenUp ? null : at + retryDelay(message.attempts + 1), at);
    if (!recorded) return false;
    if (givenUp) log.error({ ...about, attempts: message.attempts + 1, reason: outcome.reason }, 'whatsapp message failed');
    else log.warn({ ...about, attempt: message.attempts + 1, reason: outcome.reason }, 'whatsapp message not sent; will retry');
    return false;
  }

  // bookings about to start are looked at once a minute, whichever round it falls in
  let remindersAt = 0;
  async function sendDue(): Promise<number> {
    const now = clock();
    if (now - remindersAt >= 60_000) {
      remindersAt = now;
      await messages.queueBookingReminders(shop(), now);
    }
    let sent = 0;
    for (const message of await messages.due(clock(), BATCH)) if (await send(message)) sent += 1;
    return sent;
  }

  const sweeper = startSweeper(sendDue, { everyMs, log, failure: 'whatsapp messages could not be read' });
  return { sendDue: sweeper.sweep, stop: sweeper.stop };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the WhatsApp messages due now (the timer does it every 2 s); resolves to how many WhatsApp took. */
    sendWhatsAppMessages?: () => Promise<number>;
  }
}
