import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS dependency that only some shops use, loaded synchronously the first time the
 * returned function is called rather than with the server: pg without DATABASE_URL, ioredis
 * without REDIS_URL, nodemailer without SMTP_URL and web-push until keys are made or a push
 * is sent, and zxcvbn's password list until a first password is checked, are never loaded,
 * and their code takes no memory (decisions 029, 055).
 */
export function lazyModule<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
