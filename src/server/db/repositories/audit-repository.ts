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

/** The owner's audit log, newest first; for one subject (`order:<id>`) when given. */
export function createAuditRepository(db: Db) {
  return {
    async list(subject?: string, limit = 200): Promise<Array<AuditEntry & { at: number }>> {
      let query = db.kysely.selectFrom('audit_log').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
      if (subject) query = query.where('subject', '=', subject);
      const rows = await query.execute();
      return rows.map((r) => ({
        actor: r.actor,
        action: r.action,
        subject: r.subject,
        detail: JSON.parse(r.detail) as Record<string, unknown>,
        at: Number(r.created_at),
      }));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
