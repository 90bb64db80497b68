import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { CLAIM_MARGIN_MS, GIVE_UP_AFTER_MS, NEVER, retryDelay, SECOND } from './outbox-retry.ts';

/**
 * Posts the `webhook_deliveries` outbox (db/repositories/order-outbox.ts) to the owner's
 * ORDER_WEBHOOK_URL, at least once per event (decision 031). Any number of instances may
 * run one on the same database: a delivery is claimed with a conditional update before
 * it is posted, so only one instance posts it at a time.
 */

export type WebhookSettings = { url: string; secret: string };

export type WebhookDeliverer = {
  /** Posts every due delivery once (claiming each first); resolves with how many were delivered. Tests call it directly. */
  deliverDue(): Promise<number>;
  /** Stops the polling timer and waits for a round in progress. */
  stop(): Promise<void>;
};

type Options = { db: Db; settings: WebhookSettings; log: FastifyBaseLogger; clock?: () => number; pollMs?: number; timeoutMs?: number; autoStart?: boolean };

/** Enough for one round's share of a small shop's day; the rest waits for the next round. */
const BATCH = 50;

type Due = { id: string; event: string; order_id: string; payload: string; created_at: number; attempts: number };
type Outcome = { ok: true } | { ok: false; reason: string };

/** What a log line says of a delivery: never the URL (it may hold the gateway's token) nor the secret. */
const about = (delivery: Due) => ({ deliveryId: delivery.id, event: delivery.event, orderId: delivery.order_id });

/**
 * The webhook from ORDER_WEBHOOK_URL and ORDER_WEBHOOK_SECRET, or why it cannot run: the
 * shop runs without it then (a setting mistake never stops the orders), and the start
 * logs the reason. Nothing set: no webhook, nothing to say.
 */
export function webhookSettingsFrom(env: {
  url?: string | undefined;
  secret?: string | undefined;
}): { settings: WebhookSettings } | { problem: string } | null {
  if (!env.url && !env.secret) return null;
  if (!env.url) return { problem: 'ORDER_WEBHOOK_SECRET is set but ORDER_WEBHOOK_URL is not' };
  const url = URL.canParse(env.url) ? new URL(env.url) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { problem: 'ORDER_WEBHOOK_URL must be an http(s) address' };
  // fetch refuses addresses with a user and password, and would put them in its error message
  if (url.username || url.password) return { problem: 'ORDER_WEBHOOK_URL must not hold a user or password: put a token in its path or query instead' };
  if (!env.secret || env.secret.length < 16)
    return { problem: 'ORDER_WEBHOOK_SECRET must be set with ORDER_WEBHOOK_URL, at least 16 characters (e.g. openssl rand -hex 32)' };
  return { settings: { url: env.url, secret: env.secret } };
}

/** The header value for a body: `sha256=<hex HMAC-SHA256 of the raw body with the secret>`. */
function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export function startWebhookDeliverer(options: Options): WebhookDeliverer {
  const { db, settings, log, clock = Date.now, pollMs = 2000, timeoutMs = 10 * SECOND, autoStart = true } = options;
  const { kysely } = db;
  const rounds = new Set<Promise<number>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function dueNow(now: number): Promise<Due[]> {
    return kysely
      .selectFrom('webhook_deliveries')
      .select(['id', 'event', 'order_id', 'payload', 'created_at', 'attempts'])
      .where('delivered_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
  }

  /** The claim, or null when another instance holds it, delivered it, or put it off since we read it. */
  async function claim(id: string, now: number): Promise<number | null> {
    const until = now + timeoutMs + CLAIM_MARGIN_MS;
    const result = await kysely
      .updateTable('webhook_deliveries')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('delivered_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? until : null;
  }

  async function post(delivery: Due): Promise<Outcome> {
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'storefront-webhook/1',
          'x-storefront-event': delivery.event,
          'x-storefront-delivery': delivery.id,
          'x-storefront-signature': webhookSignature(settings.secret, delivery.payload),
        },
        body: delivery.payload,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // the receiver's words are not needed; reading them could hang past the timeout
      await response.body?.cancel().catch(() => {});
      return response.ok ? { ok: true } : { ok: false, reason: `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, reason: failureReason(error) };
    }
  }

  async function recordDelivered(delivery: Due): Promise<void> {
    await kysely
      .updateTable('webhook_deliveries')
      .set({ delivered_at: clock(), claimed_until: null, last_error: null })
      .where('id', '=', delivery.id)
      .where('delivered_at', 'is', null)
      .execute();
  }

  async function recordFailure(delivery: Due, claimedUntil: number, reason: string): Promise<void> {
    const now = clock();
    const attempts = delivery.attempts + 1;
    const givenUp = now - delivery.created_at >= GIVE_UP_AFTER_MS;
    const result = await kysely
      .updateTable('webhook_deliveries')
      .set({ attempts, last_error: reason, claimed_until: null, next_attempt_at: givenUp ? NEVER : now + retryDelay(attempts) })
      .where('id', '=', delivery.id)
      .where('delivered_at', 'is', null)
      // an instance that took over an expired claim owns the outcome now
      .where('claimed_until', '=', claimedUntil)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return;
    if (givenUp) log.error({ ...about(delivery), attempts, lastError: reason }, 'webhook delivery given up');
    else log.warn({ ...about(delivery), attempt: attempts, reason }, 'webhook delivery failed; will retry');
  }

  /** One delivery, if this instance gets its claim; true when the receiver took it. */
  async function deliver(delivery: Due): Promise<boolean> {
    const claimedUntil = await claim(delivery.id, clock());
    if (claimedUntil === null) return false;
    const outcome = await post(delivery);
    if (outcome.ok) {
      await recordDelivered(delivery);
      log.info({ ...about(delivery), attempt: delivery.attempts + 1 }, 'webhook delivered');
    } else {
      await recordFailure(delivery, claimedUntil, outcome.reason);
    }
    return outcome.ok;
  }

  async function round(): Promise<number> {
    let delivered = 0;
    for (const delivery of await dueNow(clock())) {
      // a stop waits for this round: let it end after the post under way
      if (stopped) break;
      if (await deliver(delivery)) delivered += 1;
    }
    return delivered;
  }

  async function deliverDue(): Promise<number> {
    const current = round();
    rounds.add(current);
    try {
      return await current;
    } finally {
      rounds.delete(current);
    }
  }

  async function tick(): Promise<void> {
    try {
      await deliverDue();
    } catch (err) {
      log.error({ err }, 'webhook round failed; the next round tries again');
    }
    // the next round is timed from the end of this one, so rounds of one instance never overlap
    if (!stopped) timer = setTimeout(() => void tick(), pollMs).unref();
  }

  if (autoStart) timer = setTimeout(() => void tick(), pollMs).unref();

  return {
    deliverDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...rounds]);
    },
  };
}

/**
 * Why a post failed, in words that are safe to log and store: fetch's own messages may
 * quote the URL (with its token) and are not used.
 */
function failureReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (cause?.message === 'unexpected redirect') return 'redirect refused';
  if (typeof cause?.code === 'string' && /^[A-Z0-9_]+$/.test(cause.code)) return `network error (${cause.code})`;
  return 'network error';
}
