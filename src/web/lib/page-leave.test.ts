import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { untilPageLeaves } from './page-leave.ts';

/** A stand-in for the window: only its pagehide listeners. */
function fakeWindow() {
  const listeners = new Set<() => void>();
  return {
    addEventListener: (type: string, fn: () => void) => type === 'pagehide' && listeners.add(fn),
    removeEventListener: (type: string, fn: () => void) => type === 'pagehide' && listeners.delete(fn),
    leave: () => [...listeners].forEach((fn) => fn()),
    listening: () => listeners.size,
  };
}

describe('waiting for another site to take over the page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends when the page is left, and stops listening', async () => {
    const win = fakeWindow();
    let ended = false;
    const waiting = untilPageLeaves(10_000, win as unknown as Window).then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(ended).toBe(false);
    win.leave();
    await waiting;
    expect(ended).toBe(true);
    expect(win.listening()).toBe(0);
  });

  it('ends after the time limit when the browser stays on the page', async () => {
    const win = fakeWindow();
    let ended = false;
    void untilPageLeaves(10_000, win as unknown as Window).then(() => (ended = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(ended).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ended).toBe(true);
    expect(win.listening()).toBe(0);
  });
});
