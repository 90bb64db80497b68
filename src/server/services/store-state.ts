import type { StoreRepository } from '../db/repositories/store-repository.ts';

/**
 * Whether the shop is open, as pages show it: read at most once a second (the owner's
 * switch may be flipped by another instance or the command line). Orders do not use
 * this: they read the switch inside their own transaction.
 */
export function createStoreState(store: StoreRepository, recheckMs = 1000) {
  let open = true;
  let checkedAt = 0;
  let inFlight: Promise<boolean> | null = null;
  return {
    async isOpen(): Promise<boolean> {
      if (Date.now() - checkedAt < recheckMs) return open;
      inFlight ??= store
        .isOpen()
        .then((value) => ((open = value), (checkedAt = Date.now()), value))
        .finally(() => (inFlight = null));
      return inFlight;
    },
    /** After this process flipped the switch. */
    invalidate(): void {
      checkedAt = 0;
    },
  };
}

export type StoreState = ReturnType<typeof createStoreState>;
