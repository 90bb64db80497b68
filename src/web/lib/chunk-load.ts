/**
 * Loading the code of a part on first use (§8 component load, §9 timings): a load that
 * takes longer than 120 s fails as a ChunkLoadError, which names the file when the
 * browser did. What the failure was is worked out only when one happens (`load-failure.ts`).
 */

export const CHUNK_TIMEOUT_MS = 120_000;
export const MICROCART_TIMEOUT_MS = 3000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    message: string,
    readonly url: string | null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** The address in the browser's message for a failed import ("Failed to fetch dynamically imported module: http://…"). */
function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+?\.(?:m?js|css))\b/.exec(message)?.[1] ?? null;
}

/** Imports a part's code, or fails with a ChunkLoadError after `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`, null)), timeoutMs);
    load().then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err: unknown) => (
        clearTimeout(timer),
        reject(err instanceof ChunkLoadError ? err : new ChunkLoadError(`Loading chunk failed: ${String(err)}`, failedModuleUrl(err), { cause: err }))
      ),
    );
  });
}
