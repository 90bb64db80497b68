import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type * as Zxcvbn from '@zxcvbn-ts/language-common';
import { lazyModule } from '../lazy-module.ts';

/**
 * Passwords (issue 5, OWASP ASVS): at least 8 characters, long ones welcome, no
 * composition rules, and none of the commonly used passwords. Stored as scrypt hashes
 * (N = 2^17, r = 8, p = 1: about 128 MiB and a few hundred milliseconds per hash, so at
 * most two run at once, and only so many wait: issue 20).
 */

const MIN_PASSWORD = 8;
/** Long passphrases are welcome; beyond this a "password" is a denial-of-service attempt. */
export const MAX_PASSWORD = 256;

const SCRYPT = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_BYTES = 32;
const MAX_PARALLEL = 2;
/**
 * Hashes a process takes on at once, running or waiting: four times libuv's default pool
 * of four threads. At a few hundred milliseconds a hash, two at a time, the last one
 * waits two or three seconds; a burst beyond that is told to come back (PasswordsBusy)
 * instead of holding up every login behind it.
 */
const PASSWORD_QUEUE_LIMIT = 16;

/** zxcvbn-ts's word lists: about 4 MB of heap, loaded when a first password is checked, not with the server (decision 055). */
const zxcvbn = lazyModule<typeof Zxcvbn>('@zxcvbn-ts/language-common');
let commonList: Set<string> | null = null;
/** The zxcvbn-ts list of common passwords (≈ 49,000, most used first), compared in lower case. */
const common = () => (commonList ??= new Set((zxcvbn().dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())));

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'trivial' | 'personal';

/** What the account says about its holder, which a password must not contain. */
export type PasswordOwner = { email?: string | null | undefined; phone?: string | null | undefined; name?: string | null | undefined };

/**
 * Why a new password is refused, or null. Length counts characters as people see them
 * (code points). Refused besides: only spaces or one character repeated (`aaaaaaaa`), and
 * a password holding the account's e-mail address (or the part before the @, from 4
 * characters), its phone number (its last 10 digits, from 6) or a word of its name (from 4
 * letters): the first things an attacker who knows the account tries (issue 20).
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): PasswordProblem | null {
  const characters = Array.from(password);
  if (characters.length < MIN_PASSWORD) return 'too_short';
  if (characters.length > MAX_PASSWORD) return 'too_long';
  const lower = password.toLowerCase();
  if (common().has(lower)) return 'common';
  if (!password.trim() || new Set(characters).size === 1) return 'trivial';
  const email = owner.email?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  const phone = (owner.phone ?? '').replace(/\D/g, '').slice(-10);
  const words = (owner.name ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => Array.from(w).length >= 4);
  const personal = [...(email ? [email] : []), ...(Array.from(local).length >= 4 ? [local] : []), ...words];
  if (personal.some((p) => lower.includes(p)) || (phone.length >= 6 && password.replace(/\D/g, '').includes(phone))) return 'personal';
  return null;
}

/** Too many hashes are under way: the caller answers 503 with Retry-After. */
export class PasswordsBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many passwords are being checked at once');
  }
}

// a small queue: scrypt at N = 2^17 takes 128 MiB, and a burst of logins must not take them all at once
let running = 0;
const waiting: Array<() => void> = [];
/** How long a hash has taken lately, for the Retry-After of a refusal. */
let typicalMs = 300;

async function limited<T>(work: () => Promise<T>, limit: number): Promise<T> {
  if (running + waiting.length >= limit) throw new PasswordsBusy(Math.max(1, Math.ceil((((running + waiting.length) / MAX_PARALLEL) * typicalMs) / 1000)));
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const started = performance.now();
  try {
    return await work();
  } finally {
    typicalMs = (typicalMs * 3 + (performance.now() - started)) / 4;
    running--;
    waiting.shift()?.();
  }
}

const derive = (password: string, salt: Buffer, options: ScryptOptions, bytes: number, limit: number) =>
  limited(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, bytes, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
    limit,
  );

/**
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url): the parameters travel with the hash, so they can be raised later.
 * Throws PasswordsBusy when `limit` hashes are under way already.
 */
export async function hashPassword(password: string, limit = PASSWORD_QUEUE_LIMIT): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT, KEY_BYTES, limit);
  return ['scrypt', Math.log2(SCRYPT.N), SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A real hash of nothing anyone knows: unknown accounts take as long to refuse as known ones. Made once, outside any bound, so a busy moment cannot spoil it. */
let dummy: Promise<string> | null = null;

/** Whether the password matches the stored hash; with no hash (unknown account) it still does the work and says no. Throws PasswordsBusy like hashPassword. */
async function verifyPassword(password: string, stored: string | null, limit = PASSWORD_QUEUE_LIMIT): Promise<boolean> {
  const encoded = stored ?? (await (dummy ??= hashPassword(randomBytes(32).toString('hex'), Infinity)));
  const [scheme, logN, r, p, salt, hash] = encoded.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const options = { N: 2 ** Number(logN), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  const key = await derive(password, Buffer.from(salt, 'base64url'), options, expected.length, limit);
  return timingSafeEqual(key, expected) && stored !== null;
}

/** Hashing for the auth calls, refused past `queueLimit` hashes under way (AppOptions.passwordQueueLimit). */
export function createPasswords(queueLimit = PASSWORD_QUEUE_LIMIT) {
  return {
    hash: (password: string) => hashPassword(password, queueLimit),
    verify: (password: string, stored: string | null) => verifyPassword(password, stored, queueLimit),
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
