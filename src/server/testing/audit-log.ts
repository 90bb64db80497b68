import type { Db } from '../db/database.ts';
import type { AuditEntry } from '../db/repositories/audit-repository.ts';

/**
 * The audit log as tests read it back, newest first; for one subject (`order:<id>`) when given.
 * The shop itself only writes it (`recordAudit`), so this reader lives with the test helpers.
 */
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
