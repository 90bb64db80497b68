import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { E164 } from '../../domain/phone.ts';

/**
 * Caller verification (spec §7 realtime flow, decision 020): Truecaller's web flow. The
 * browser names a nonce over the realtime channel; Truecaller calls the shop back with
 * that nonce, an access token and a profile endpoint; the shop reads the verified phone
 * number from that endpoint (only on Truecaller's own hosts) and hands the waiting
 * browser a single-use ticket, which it trades for a session like any login.
 *
 * What waits is kept in this process (nonces for 2 minutes, tickets for 1); several
 * instances share it through Redis with the scale-out issue.
 */

export const NONCE = /^[A-Za-z0-9_-]{8,64}$/;
const NONCE_TTL_MS = 2 * 60_000;
const TICKET_TTL_MS = 60_000;
const MAX_WAITING = 10_000;
const PROFILE_TIMEOUT_MS = 5000;
/** Truecaller's profile endpoints are on its own hosts, over https. */
const TRUECALLER_HOST = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*\.truecaller\.com\//;

export type CallerEvent =
  | { event: 'truecaller_nonce_received' }
  | { event: 'truecaller_verified'; data: { authToken: string } }
  | { event: 'truecaller_verification_error'; data: { message: string; backoffToOtherLogin: boolean } };

export type VerifiedCaller = { phone: string; name: string };

export const callerMessages = {
  notVerified: 'We could not verify your number with Truecaller. Please log in another way.',
  unknownRequest: 'This verification request is unknown or has expired.',
} as const;

const digest = (ticket: string) => createHash('sha256').update(ticket).digest();

/** The phone number and name in a Truecaller profile, or null when it has no usable number. */
export function callerFromProfile(profile: unknown): VerifiedCaller | null {
  const p = profile as { phoneNumbers?: unknown; name?: { first?: unknown; last?: unknown } } | null;
  const first = Array.isArray(p?.phoneNumbers) ? p.phoneNumbers[0] : undefined;
  const phone = `+${String(typeof first === 'number' || typeof first === 'string' ? first : '').replace(/\D/g, '')}`;
  if (!E164.test(phone)) return null;
  const name = [p?.name?.first, p?.name?.last].filter((x): x is string => typeof x === 'string').join(' ').trim().slice(0, 120);
  return { phone, name };
}

export function createCallerVerification(options: { extraProfileOrigin?: string | undefined; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const waiting = new Map<string, { send(event: CallerEvent): void; until: number }>();
  const tickets = new Map<string, { hash: Buffer; userId: string; until: number }>();
  const sweep = () => {
    const t = now();
    for (const [k, v] of waiting) if (v.until <= t) waiting.delete(k);
    for (const [k, v] of tickets) if (v.until <= t) tickets.delete(k);
  };

  return {
    /** A browser waits on this nonce; false when the nonce is taken or too many wait. */
    wait(nonce: string, send: (event: CallerEvent) => void): boolean {
      sweep();
      if (waiting.has(nonce) || waiting.size >= MAX_WAITING) return false;
      waiting.set(nonce, { send, until: now() + NONCE_TTL_MS });
      return true;
    },
    stopWaiting(nonce: string) {
      waiting.delete(nonce);
    },
    isWaiting: (nonce: string) => (waiting.get(nonce)?.until ?? 0) > now(),

    /** Whether the callback's profile endpoint may be asked: Truecaller's hosts (and a test's own origin). */
    profileEndpointAllowed(endpoint: string): boolean {
      if (TRUECALLER_HOST.test(endpoint)) return true;
      return !!options.extraProfileOrigin && endpoint.startsWith(`${options.extraProfileOrigin}/`);
    },

    async fetchCaller(endpoint: string, accessToken: string): Promise<VerifiedCaller | null> {
      const res = await fetch(endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS) });
      if (!res.ok) return null;
      return callerFromProfile(await res.json().catch(() => null));
    },

    /** Tells the waiting browser; the verified one gets a ticket for `userId`. */
    finish(nonce: string, outcome: { userId: string } | { message: string }): boolean {
      const browser = waiting.get(nonce);
      waiting.delete(nonce);
      if (!browser || browser.until <= now()) return false;
      if ('message' in outcome) {
        browser.send({ event: 'truecaller_verification_error', data: { message: outcome.message, backoffToOtherLogin: true } });
        return true;
      }
      const ticket = randomBytes(32).toString('base64url');
      tickets.set(nonce, { hash: digest(ticket), userId: outcome.userId, until: now() + TICKET_TTL_MS });
      browser.send({ event: 'truecaller_verified', data: { authToken: ticket } });
      return true;
    },

    /** The user a ticket stands for, once; undefined for a wrong, used or expired one. */
    redeem(nonce: string, ticket: string): string | undefined {
      const held = tickets.get(nonce);
      tickets.delete(nonce);
      if (!held || held.until <= now() || !timingSafeEqual(held.hash, digest(ticket))) return undefined;
      return held.userId;
    },
  };
}

export type CallerVerification = ReturnType<typeof createCallerVerification>;
