import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { E164 } from '../../domain/phone.ts';

/**
 * Caller verification (spec §7 realtime flow, decision 020): Truecaller's web flow. The
 * browser names a nonce over the realtime channel; Truecaller calls the shop back with
 * that nonce, an access token and a profile endpoint; the shop reads the verified phone
 * number from that endpoint (only on Truecaller's own hosts) and hands the waiting
 * browser a single-use ticket, which it trades for a session like any login.
 *
 * Nonces live 2 minutes and tickets 1, in this process's memory or, with several
 * instances, in Redis (redis-caller-store.ts), so the callback may reach any instance.
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
function callerFromProfile(profile: unknown): VerifiedCaller | null {
  const p = profile as { phoneNumbers?: unknown; name?: { first?: unknown; last?: unknown } } | null;
  const first = Array.isArray(p?.phoneNumbers) ? p.phoneNumbers[0] : undefined;
  const phone = `+${String(typeof first === 'number' || typeof first === 'string' ? first : '').replace(/\D/g, '')}`;
  if (!E164.test(phone)) return null;
  const name = [p?.name?.first, p?.name?.last]
    .filter((x): x is string => typeof x === 'string')
    .join(' ')
    .trim()
    .slice(0, 120);
  return { phone, name };
}

/**
 * Where nonces and tickets are kept: this process's memory (one instance), or Redis
 * (several instances, decision 026), where the callback may reach another instance than
 * the one the browser waits on. `deliver` hands an event to whichever instance holds the
 * browser; `onDeliver` is how an instance hears of it.
 */
export interface CallerStore {
  /** Takes the nonce for a waiting browser; false when it is taken or too many wait. */
  claim(nonce: string, ttlMs: number): Promise<boolean>;
  isLive(nonce: string): Promise<boolean>;
  /** Ends the wait; true for the one call that found it live. */
  take(nonce: string): Promise<boolean>;
  putTicket(nonce: string, ticket: { hash: string; userId: string }, ttlMs: number): Promise<void>;
  /** The ticket, once. */
  takeTicket(nonce: string): Promise<{ hash: string; userId: string } | null>;
  deliver(nonce: string, event: CallerEvent): Promise<void>;
  onDeliver(handler: (nonce: string, event: CallerEvent) => void): void;
}

/** One process: plain maps with expiry times. */
export function memoryCallerStore(now: () => number = Date.now): CallerStore {
  const nonces = new Map<string, number>();
  const tickets = new Map<string, { hash: string; userId: string; until: number }>();
  let handler: (nonce: string, event: CallerEvent) => void = () => {};
  const sweep = () => {
    const t = now();
    for (const [k, until] of nonces) if (until <= t) nonces.delete(k);
    for (const [k, v] of tickets) if (v.until <= t) tickets.delete(k);
  };
  return {
    async claim(nonce, ttlMs) {
      sweep();
      if (nonces.has(nonce) || nonces.size >= MAX_WAITING) return false;
      nonces.set(nonce, now() + ttlMs);
      return true;
    },
    isLive: async (nonce) => (nonces.get(nonce) ?? 0) > now(),
    async take(nonce) {
      const live = (nonces.get(nonce) ?? 0) > now();
      nonces.delete(nonce);
      return live;
    },
    async putTicket(nonce, ticket, ttlMs) {
      tickets.set(nonce, { ...ticket, until: now() + ttlMs });
    },
    async takeTicket(nonce) {
      const held = tickets.get(nonce);
      tickets.delete(nonce);
      return held && held.until > now() ? { hash: held.hash, userId: held.userId } : null;
    },
    deliver: async (nonce, event) => handler(nonce, event),
    onDeliver: (h) => void (handler = h),
  };
}

export function createCallerVerification(options: { extraProfileOrigin?: string | undefined; now?: () => number; store?: CallerStore } = {}) {
  const store = options.store ?? memoryCallerStore(options.now);
  // the browsers waiting on this instance, by nonce
  const browsers = new Map<string, (event: CallerEvent) => void>();
  store.onDeliver((nonce, event) => {
    const send = browsers.get(nonce);
    browsers.delete(nonce);
    send?.(event);
  });

  return {
    /** A browser waits on this nonce; false when the nonce is taken or too many wait. */
    async wait(nonce: string, send: (event: CallerEvent) => void): Promise<boolean> {
      if (browsers.has(nonce) || !(await store.claim(nonce, NONCE_TTL_MS))) return false;
      browsers.set(nonce, send);
      return true;
    },
    async stopWaiting(nonce: string): Promise<void> {
      if (browsers.delete(nonce)) await store.take(nonce);
    },
    isWaiting: (nonce: string) => store.isLive(nonce),

    /** Whether the callback's profile endpoint may be asked: Truecaller's hosts (and a test's own origin). */
    profileEndpointAllowed(endpoint: string): boolean {
      if (TRUECALLER_HOST.test(endpoint)) return true;
      return !!options.extraProfileOrigin && endpoint.startsWith(`${options.extraProfileOrigin}/`);
    },

    async fetchCaller(endpoint: string, accessToken: string): Promise<VerifiedCaller | null> {
      const res = await fetch(endpoint, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(PROFILE_TIMEOUT_MS),
      });
      if (!res.ok) return null;
      return callerFromProfile(await res.json().catch(() => null));
    },

    /** Tells the waiting browser, on whichever instance it waits; the verified one gets a ticket for `userId`. */
    async finish(nonce: string, outcome: { userId: string } | { message: string }): Promise<boolean> {
      if (!(await store.take(nonce))) return false;
      if ('message' in outcome) {
        await store.deliver(nonce, { event: 'truecaller_verification_error', data: { message: outcome.message, backoffToOtherLogin: true } });
        return true;
      }
      const ticket = randomBytes(32).toString('base64url');
      await store.putTicket(nonce, { hash: digest(ticket).toString('hex'), userId: outcome.userId }, TICKET_TTL_MS);
      await store.deliver(nonce, { event: 'truecaller_verified', data: { authToken: ticket } });
      return true;
    },

    /** The user a ticket stands for, once; undefined for a wrong, used or expired one. */
    async redeem(nonce: string, ticket: string): Promise<string | undefined> {
      const held = await store.takeTicket(nonce);
      if (!held || !timingSafeEqual(Buffer.from(held.hash, 'hex'), digest(ticket))) return undefined;
      return held.userId;
    },
  };
}

export type CallerVerification = ReturnType<typeof createCallerVerification>;
