/**
 * Settles when this page is left (another page, e.g. a payment provider's, replaces it) or
 * after `timeoutMs`, whichever comes first: the loader that covers a hand-over to another
 * site goes away even when the browser stays (a form that did not leave, the back button).
 */
export function untilPageLeaves(timeoutMs: number, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      target.removeEventListener('pagehide', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    target.addEventListener('pagehide', done);
  });
}
