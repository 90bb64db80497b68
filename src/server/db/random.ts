import { randomBytes } from 'node:crypto';

/**
 * Crypto-strength random bytes taken from a pool filled 4 KB at a time, as Node's own
 * `randomUUID` does: a call into OpenSSL per id or token was a good part of an order's time
 * (decisions 054 and 069).
 */
let pool = Buffer.alloc(0);
let at = 0;

/** Where the next `n` bytes of the pool start (n ≤ 4096), refilling it first when they are not there. */
function take(n: number): number {
  if (at + n > pool.length) [pool, at] = [randomBytes(4096), 0];
  at += n;
  return at - n;
}

/** `n` fresh bytes, copied out so a kept token does not hold the whole pool. */
export function pooledRandomBytes(n: number): Buffer {
  const start = take(n);
  return Buffer.from(pool.subarray(start, start + n));
}

/**
 * A number in [0, 1) with 16 random bits, for ulid, which asks for one per character (a
 * character takes the top 5).
 */
export function pooledRandom(): number {
  // take first: it may put a new pool in place
  const start = take(2);
  return pool.readUInt16BE(start) / 65536;
}
