import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `sweep` every `everyMs` on each instance, and on demand: one sweep at a time per
 * instance (a slow database never stacks them up; an ask while one runs gets that one), a
 * failure logged as `failure` and counted as 0. `stop` waits for the sweep under way.
 */
export function startSweeper(sweep: () => Promise<number>, { everyMs, log, failure }: { everyMs: number; log: FastifyBaseLogger; failure: string }) {
  let running: Promise<number> | null = null;
  const sweepOnce = () =>
    (running ??= sweep()
      .catch((err: unknown) => {
        log.error({ err }, failure);
        return 0;
      })
      .finally(() => (running = null)));
  const timer = setInterval(() => void sweepOnce(), everyMs);
  timer.unref();
  return {
    sweep: sweepOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
