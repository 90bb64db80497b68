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

type Row = { request_hash: string; status_code: number | null; response: string | null };

/** What a key already taken answers for a request of `requestHash`. */
function claimOf(row: Row | undefined, requestHash: string): Exclude<Claim, { state: 'claimed' }> {
  // deleted between our insert and select (its claim was released): the caller may try again
  if (!row) return { state: 'in_flight' };
  if (row.request_hash !== requestHash) return { state: 'mismatch' };
  if (row.status_code === null || row.response === null) return { state: 'in_flight' };
  return { state: 'replay', statusCode: row.status_code, body: JSON.parse(row.response) as unknown };
}

/**
 * Idempotency keys (the `Idempotency-Key` header): the first request with a key claims
 * it; its answer is stored with the work it did, and every later request with the key and
 * the same body gets that answer back. The order call claims its key in the order's own
 * transaction (decision 054): a claim is only ever seen with its answer, and one that dies
 * with its process leaves nothing behind. (A claim without an answer, `in_flight`, is left
 * by a claim made outside the work's transaction, as before that decision.)
 */
export function createIdempotencyRepository(db: Db) {
  const { kysely } = db;
  let claims = 0;

  /**
   * Claims the key, or takes over one that expired or whose claim was abandoned, in one
   * statement; with `answer`, stored at once with it. Without `trx`, on its own.
   */
  async function take(
    trx: Transaction<Database> | Db['kysely'],
    scope: string,
    key: string,
    requestHash: string,
    now: number,
    answer?: { statusCode: number; body: unknown },
  ): Promise<Claim> {
    if (++claims % 1000 === 0)
      await trx
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
        .execute();
    const values = {
      scope,
      key,
      request_hash: requestHash,
      status_code: answer?.statusCode ?? null,
      response: answer ? JSON.stringify(answer.body) : null,
      created_at: now,
    };
    const taken = await trx
      .insertInto('idempotency_keys')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['scope', 'key'])
          .doUpdateSet({ request_hash: values.request_hash, status_code: values.status_code, response: values.response, created_at: now })
          // an expired key, or a claim whose process died, is free again
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.created_at', '<', now - IDEMPOTENCY_TTL_MS),
              eb.and([eb('idempotency_keys.status_code', 'is', null), eb('idempotency_keys.created_at', '<', now - ABANDONED_MS)]),
            ]),
          ),
      )
      .returning('scope')
      .executeTakeFirst();
    if (taken) return { state: 'claimed' };
    return claimOf(
      await trx
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst(),
      requestHash,
    );
  }

  return {
    /** Claims the key; pass the transaction that does the work, so the claim commits with it or not at all. */
    claim(scope: string, key: string, requestHash: string, now = Date.now(), trx?: Transaction<Database>): Promise<Claim> {
      return take(trx ?? kysely, scope, key, requestHash, now);
    },

    /**
     * Claims the key and stores its answer in one go (a refusal: no work to commit with
     * it); when the key was taken meanwhile, what it answers instead.
     */
    record(scope: string, key: string, requestHash: string, statusCode: number, body: unknown, now = Date.now()): Promise<Claim> {
      return take(kysely, scope, key, requestHash, now, { statusCode, body });
    },

    /** Stores the answer; pass the transaction that did the work, so both commit or neither does. */
    async complete(scope: string, key: string, statusCode: number, body: unknown, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? kysely)
        .updateTable('idempotency_keys')
        .set({ status_code: statusCode, response: JSON.stringify(body) })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
