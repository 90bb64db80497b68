import { randomInt } from 'node:crypto';
import type { Db } from '../database.ts';
import { recordAudit, type Actor } from './audit-repository.ts';

/** A table's code: four digits, 0000 to 9999. */
export const TABLE_CODE = /^[0-9]{4}$/;

const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * The codes of the shop's tables (issue 41): what a dine-in order from the storefront must carry
 * for its table. A table gets its code the first time one is asked for (the sheet printed, the
 * owner's list), kept until the owner changes it.
 */
export function createDineTableRepository(db: Db) {
  return {
    /** The code of each of the spaces, made for those that have none yet. */
    async codes(spaceIds: readonly string[], now = Date.now()): Promise<Map<string, string>> {
      if (spaceIds.length === 0) return new Map();
      const read = async () => {
        const rows = await db.kysely
          .selectFrom('dine_tables')
          .select(['space_id', 'code'])
          .where('space_id', 'in', [...spaceIds])
          .execute();
        return new Map(rows.map((r) => [r.space_id, r.code]));
      };
      const found = await read();
      const missing = spaceIds.filter((id) => !found.has(id));
      if (missing.length === 0) return found;
      // two first asks at once each insert; the first one's codes stand
      await db.kysely
        .insertInto('dine_tables')
        .values(missing.map((space_id) => ({ space_id, code: newCode(), code_changed_at: now })))
        .onConflict((oc) => oc.column('space_id').doNothing())
        .execute();
      return read();
    },

    /** Whether `code` is the table's code now; a table without a code yet has none to match. */
    async codeMatches(spaceId: string, code: string): Promise<boolean> {
      const row = await db.kysely.selectFrom('dine_tables').select('code').where('space_id', '=', spaceId).executeTakeFirst();
      return row !== undefined && TABLE_CODE.test(code) && row.code === code;
    },

    /** Gives the table a new code (the owner's, else a random one), audited; the old one orders nothing from now on. */
    async changeCode(spaceId: string, actor: Actor, code: string = newCode(), now = Date.now()): Promise<string> {
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto('dine_tables')
          .values({ space_id: spaceId, code, code_changed_at: now })
          .onConflict((oc) => oc.column('space_id').doUpdateSet({ code, code_changed_at: now }))
          .execute();
        await recordAudit(trx, { actor, action: 'table.code_changed', subject: spaceId, detail: {} }, now);
      });
      return code;
    },
  };
}

export type DineTableRepository = ReturnType<typeof createDineTableRepository>;
