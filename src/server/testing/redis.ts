/**
 * The Redis the scale-out tests share state through: TEST_REDIS_URL. In CI a missing
 * Redis is an error, not a skip; elsewhere those tests skip with a notice. Each test gives
 * its app a key prefix of its own, so runs never see each other's counters.
 */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

if (!testRedisUrl) {
  if (process.env.CI) throw new Error('CI must run the scale-out tests with Redis too: set TEST_REDIS_URL');
  console.warn('\n  NOTICE: Redis tests are SKIPPED — set TEST_REDIS_URL=redis://127.0.0.1:6379 to run them.\n');
}

/** A key prefix no other test run uses. */
export const uniquePrefix = (name: string) => `storefront-test:${name}:${process.pid}:${Date.now()}:`;
