import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk-load.ts';
import { classifyLoadFailure, reloadOnceForNewVersion } from './load-failure.ts';

/** load-failure's guard: one reload for a new version a minute. */
const RELOAD_GUARD_MS = 60_000;

afterEach(() => void vi.useRealTimers());

const chunkUrl = 'https://shop.example/assets/cart-sidebar-uxagW6fC.js';
const answer = (status: number) => (() => Promise.resolve(new Response(null, { status }))) as typeof fetch;

describe('loading a part of the page', () => {
  it('gives up after 120 s with a ChunkLoadError, not before (spec §8, §9: chunk timeout 120000 ms)', async () => {
    vi.useFakeTimers();
    const never = loadChunk(() => new Promise(() => {}));
    let settled = false;
    const failed = expect(never.finally(() => (settled = true))).rejects.toThrow(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(settled).toBe(true);
  });

  it('the microcart gives up after its own shorter time', async () => {
    vi.useFakeTimers();
    const slow = loadChunk(() => new Promise((done) => setTimeout(() => done('cart'), 5000)), 3000);
    const failed = expect(slow).rejects.toThrow('timed out after 3000 ms');
    await vi.advanceTimersByTimeAsync(3000);
    await failed;
  });

  it('names the file of a failed import', async () => {
    const err = await loadChunk(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${chunkUrl}`))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as ChunkLoadError).url).toBe(chunkUrl);
  });
});

describe('why a part did not load', () => {
  const failure = new ChunkLoadError('failed', chunkUrl);

  it('offline only when the browser says so', async () => {
    expect(await classifyLoadFailure(failure, answer(200), false)).toBe('offline');
  });

  it('failed, with a retry, when the server cannot be reached while the browser is online', async () => {
    expect(await classifyLoadFailure(failure, () => Promise.reject(new TypeError('Failed to fetch')), true)).toBe('failed');
  });

  it('gone when the server no longer has the file (a new version was deployed)', async () => {
    expect(await classifyLoadFailure(failure, answer(404), true)).toBe('gone');
  });

  it('failed otherwise', async () => {
    expect(await classifyLoadFailure(failure, answer(500), true)).toBe('failed');
    expect(await classifyLoadFailure(new ChunkLoadError('timed out', null), answer(404), true)).toBe('failed');
  });
});

describe('reloading for a new version', () => {
  it('reloads once, and not again within a minute: never a loop', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const reload = vi.fn();
    expect(reloadOnceForNewVersion(storage, 1_000_000, reload)).toBe(true);
    expect(reloadOnceForNewVersion(storage, 1_000_000 + RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // a later deploy may reload again
    expect(reloadOnceForNewVersion(storage, 1_000_000 + RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
