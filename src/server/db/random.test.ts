import { describe, expect, it } from 'vitest';
import { pooledRandom, pooledRandomBytes } from './random.ts';

describe('pooled random bytes', () => {
  it('gives fresh bytes on every call, across the refills of its 4 KB pool', () => {
    // 18 bytes as a notification token takes: 600 calls empty the pool two times over
    const tokens = Array.from({ length: 600 }, () => pooledRandomBytes(18));
    expect(tokens.every((t) => t.length === 18)).toBe(true);
    expect(new Set(tokens.map((t) => t.toString('hex'))).size).toBe(600);
  });

  it('makes numbers in [0, 1) that spread over the range', () => {
    const values = Array.from({ length: 4000 }, pooledRandom);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    // each of 32 buckets (a ulid character's worth) is hit
    expect(new Set(values.map((v) => Math.floor(v * 32))).size).toBe(32);
  });
});
