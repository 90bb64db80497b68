import { describe, expect, it, vi } from 'vitest';
import { pooledRandom, pooledRandomBytes } from './random.ts';

describe('pooled random bytes', () => {
  it('draws from a fresh pool, as the first order of a new process does, with either kind of draw first', async () => {
    for (const first of ['pooledRandom', 'pooledRandomBytes'] as const) {
      vi.resetModules();
      const fresh = await import('./random.ts');
      if (first === 'pooledRandom') expect(fresh.pooledRandom()).toBeLessThan(1);
      else expect(fresh.pooledRandomBytes(18)).toHaveLength(18);
    }
  });

  it('draws numbers from the new pool after a refill, not from the old one again', async () => {
    vi.resetModules();
    const fresh = await import('./random.ts');
    // 2,048 draws of 2 bytes use up the first pool exactly; the next ones come from a new pool
    const draws = Array.from({ length: 4096 }, fresh.pooledRandom);
    const [firstPool, secondPool] = [draws.slice(0, 2048), draws.slice(2048)];
    expect(secondPool).not.toEqual(firstPool);
    expect(secondPool.slice(0, 8)).not.toEqual(firstPool.slice(0, 8));
  });

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
