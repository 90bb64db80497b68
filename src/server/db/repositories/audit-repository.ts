import type { Transaction } from 'kysely';
import { monotonicFactory } from 'ulid';
import { pooledRandom } from '../random.ts';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';

/** Who did an owner action: the owner's user id, `cli` for the command line, or `env` for a start with OWNER_EMAIL. */
export type Actor = string;

export type AuditEntry = { actor: Actor; action: string; subject: string; detail: Record<string, unknown> };

// ids that grow within a millisecond too: entries written in one transaction list in the order they were made
const ulid = monotonicFactory(pooledRandom);

/** Writes one audit entry, inside the transaction of the change it records. */
export async function recordAudit(trx: Transaction<Database> | Db['kysely'], entry: AuditEntry, now = Date.now()): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({ id: ulid(now), actor: entry.actor, action: entry.action, subject: entry.subject, detail: JSON.stringify(entry.detail), created_at: now })
    .execute();
}
