import type { Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

/** A key answers the same for at least this long. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim with no answer this old belongs to a process that died mid-request: it may be taken over. */
const ABANDONED_MS = 60 * 1000;

export type Claim =
  | { state: 'claimed' }
  | { state: 'replay'; statusCode: number; body: unknown }
  /** The key was used with another request body. */
  | { state: 'mismatch' }
  /** The first request with this key is still running. */
  | { state: 'in_flight' };

/**
 * Idempotency keys (the `Idempotency-Key` header): the first request with a key claims
 * it; its answer is stored with the work it did (in the same transaction), and every
 * later request with the key and the same body gets that answer back.
 */
export function createIdempotencyRepository(db: Db) {
  const { kysely } = db;
  let claims = 0;
  return {
    async claim(scope: string, key: string, requestHash: string, now = Date.now()): Promise<Claim> {
      // an expired key, or a claim whose process died, is free again
      await kysely
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where((eb) => eb.or([eb('created_at', '<', now - IDEMPOTENCY_TTL_MS), eb.and([eb('status_code', 'is', null), eb('created_at', '<', now - ABANDONED_MS)])]))
        .execute();
      if (++claims % 1000 === 0) await kysely.deleteFrom('idempotency_keys').where('created_at', '<', now - IDEMPOTENCY_TTL_MS).execute();
      const inserted = await kysely
        .insertInto('idempotency_keys')
        .values({ scope, key, request_hash: requestHash, status_code: null, response: null, created_at: now })
        .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { state: 'claimed' };
      const row = await kysely.selectFrom('idempotency_keys').select(['request_hash', 'status_code', 'response']).where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
      // deleted between our insert and select (its claim was released): the caller may try again
      if (!row) return { state: 'in_flight' };
      if (row.request_hash !== requestHash) return { state: 'mismatch' };
      if (row.status_code === null || row.response === null) return { state: 'in_flight' };
      return { state: 'replay', statusCode: row.status_code, body: JSON.parse(row.response) as unknown };
    },

    /** Stores the answer; pass the transaction that did the work, so both commit or neither does. */
    async complete(scope: string, key: string, statusCode: number, body: unknown, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? kysely).updateTable('idempotency_keys').set({ status_code: statusCode, response: JSON.stringify(body) }).where('scope', '=', scope).where('key', '=', key).execute();
    },

    /** Gives a claim up after an unexpected failure, so the shopper's retry can run. */
    async release(scope: string, key: string): Promise<void> {
      await kysely.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('status_code', 'is', null).execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
