import { CompiledQuery, type Expression, type Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

/** A key answers the same for at least this long. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
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

/** An Idempotency-Key as the order call hands it to `place`, which claims it and stores its answer in the order's transaction. */
export type KeyUse = { scope: string; key: string; requestHash: string };

/** Whether a key's row, as held, may be taken: an expired key, or a claim whose process died. */
const isFree = (row: { status_code: number | null; created_at: number }, now: number) =>
  row.created_at < now - IDEMPOTENCY_TTL_MS || (row.status_code === null && row.created_at < now - ABANDONED_MS);

let claims = 0;

/** Every 1,000th claim, the keys past their day are deleted (in the claim's transaction). */
export async function sweepKeys(trx: Transaction<Database> | Db['kysely'], now: number): Promise<void> {
  if (++claims % 1000 === 0)
    await trx
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
      .execute();
}

/** What the key holds now, its claim having failed (read in a statement of its own: on PostgreSQL, what another transaction committed meanwhile). */
export async function heldClaim(trx: Transaction<Database> | Db['kysely'], use: KeyUse): Promise<Exclude<Claim, { state: 'claimed' }>> {
  const row = await trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response'])
    .where('scope', '=', use.scope)
    .where('key', '=', use.key)
    .executeTakeFirst();
  return claimOf(row, use.requestHash);
}

/**
 * SQLite: the key is free for the order's transaction, or what it answers instead. A read is
 * enough: the transaction holds SQLite's one write lock from its start (`begin immediate`,
 * and the orders of one group commit run one after another in it), so nobody else can take
 * the key before it commits; `storeAnswer` then writes the key's row once, with its answer.
 * (This statement and `storeAnswer`'s are written out, not built: an order runs them every time.)
 */
export async function readClaim(trx: Transaction<Database>, use: KeyUse, now: number): Promise<Claim> {
  const { rows } = await trx.executeQuery<Row & { created_at: number }>(CompiledQuery.raw(READ_KEY, [use.scope, use.key]));
  const row = rows[0];
  return !row || isFree(row, now) ? { state: 'claimed' } : claimOf(row, use.requestHash);
}

const READ_KEY = 'select "request_hash", "status_code", "response", "created_at" from "idempotency_keys" where "scope" = ? and "key" = ?';
const STORE_ANSWER =
  'insert into "idempotency_keys" ("scope", "key", "request_hash", "status_code", "response", "created_at") values (?, ?, ?, ?, ?, ?) ' +
  'on conflict ("scope", "key") do update set "request_hash" = excluded."request_hash", "status_code" = excluded."status_code", ' +
  '"response" = excluded."response", "created_at" = excluded."created_at"';

/** SQLite: the key's row with its answer, written once in the order's transaction (`readClaim` found the key free). */
export async function storeAnswer(trx: Transaction<Database>, use: KeyUse, statusCode: number, response: string, now: number): Promise<void> {
  await trx.executeQuery(CompiledQuery.raw(STORE_ANSWER, [use.scope, use.key, use.requestHash, statusCode, response, now]));
}

/**
 * The claim as one `INSERT … ON CONFLICT DO UPDATE … RETURNING`: it returns a row when the
 * key is ours — new, expired, or a claim whose process died — and with `answer` stores it at
 * once. On PostgreSQL the order runs it as a data-modifying CTE of its first statement (the
 * products' read); a second transaction with the same key waits at the unique index until
 * the first ends, then finds it answered.
 */
export function claimStatement(trx: Transaction<Database> | Db['kysely'], use: KeyUse, now: number, answer?: { statusCode: number; response: string }) {
  const set = { request_hash: use.requestHash, status_code: answer?.statusCode ?? null, response: answer?.response ?? null, created_at: now };
  return trx
    .insertInto('idempotency_keys')
    .values({ scope: use.scope, key: use.key, ...set })
    .onConflict((oc) =>
      oc
        .columns(['scope', 'key'])
        .doUpdateSet(set)
        .where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', now - IDEMPOTENCY_TTL_MS),
            eb.and([eb('idempotency_keys.status_code', 'is', null), eb('idempotency_keys.created_at', '<', now - ABANDONED_MS)]),
          ]),
        ),
    )
    .returning('scope');
}

/** PostgreSQL: the claimed key's answer, as a data-modifying CTE of the order's last statement. */
export const answerStatement = (trx: Transaction<Database>, use: KeyUse, statusCode: number, response: string | Expression<string>) =>
  trx.updateTable('idempotency_keys').set({ status_code: statusCode, response }).where('scope', '=', use.scope).where('key', '=', use.key);

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
  return {
    /**
     * What a key answers already, read before any work (a retry is answered from it, and the
     * order call's limits never count it); null while the key is free. Nothing is claimed:
     * the work's own transaction still claims the key, so a request that finds it free here
     * and races another with the same key still gets one answer.
     */
    async held(scope: string, key: string, requestHash: string, now = Date.now()): Promise<Exclude<Claim, { state: 'claimed' }> | null> {
      const row = await kysely
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status_code', 'response', 'created_at'])
        .where('scope', '=', scope)
        .where('key', '=', key)
        .executeTakeFirst();
      return !row || isFree(row, now) ? null : claimOf(row, requestHash);
    },

    /**
     * Claims the key and stores its answer in one go (a refusal: no work to commit with
     * it); when the key was taken meanwhile, what it answers instead.
     */
    async record(scope: string, key: string, requestHash: string, statusCode: number, body: unknown, now = Date.now()): Promise<Claim> {
      const use = { scope, key, requestHash };
      await sweepKeys(kysely, now);
      const taken = await claimStatement(kysely, use, now, { statusCode, response: JSON.stringify(body) }).executeTakeFirst();
      return taken ? { state: 'claimed' } : heldClaim(kysely, use);
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
