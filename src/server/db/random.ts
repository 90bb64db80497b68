import { randomBytes } from 'node:crypto';

/**
 * Crypto-strength random bytes taken from a pool filled 4 KB at a time, as Node's own
 * `randomUUID` does: a call into OpenSSL per id or token was a good part of an order's time.
 */
let pool = Buffer.alloc(0);
let at = 0;

/** `n` fresh bytes (n ≤ 4096), copied out so a kept token does not hold the whole pool. */
export function pooledRandomBytes(n: number): Buffer {
  if (at + n > pool.length) [pool, at] = [randomBytes(4096), 0];
  at += n;
  return Buffer.from(pool.subarray(at - n, at));
}

/**
 * A number in [0, 1) with 16 random bits, for ulid, which asks for one per character (a
 * character takes the top 5).
 */
export function pooledRandom(): number {
  if (at + 2 > pool.length) [pool, at] = [randomBytes(4096), 0];
  const value = pool.readUInt16BE(at);
  at += 2;
  return value / 65536;
}
