/**
 * How the outboxes (the order webhook's, WhatsApp's) try again: a row is claimed for the send's
 * timeout and a margin, tried again after 10 s, doubling to an hour, and given up after a day.
 */

export const SECOND = 1000;
const HOUR = 3600 * SECOND;
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/**
 * Where a given-up webhook delivery's next attempt is parked: a time no clock reaches, which both
 * databases store exactly (bigint) and JavaScript reads back exactly. The row is kept, undelivered,
 * for the owner to look at; setting `next_attempt_at` back to now sends it once more.
 */
export const NEVER = Number.MAX_SAFE_INTEGER;
/** A claim outlives the send's timeout by this much: the writes after it, and clocks of instances that differ a little. */
export const CLAIM_MARGIN_MS = 30 * SECOND;

/** How long to wait after the `attempts`-th failure: 10 s, doubling, at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(HOUR, 10 * SECOND * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
}
