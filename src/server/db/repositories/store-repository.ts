import type { ExpressionBuilder, Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database } from '../schema.ts';
import { recordAudit, type Actor } from './audit-repository.ts';

const OPEN_KEY = 'store_open';

/** Whether the shop takes orders (issue 8); open until the owner closes it. Read inside an order's transaction too. */
export async function storeIsOpen(trx: Transaction<Database> | Db['kysely']): Promise<boolean> {
  const row = await trx.selectFrom('shop_meta').select('value').where('key', '=', OPEN_KEY).executeTakeFirst();
  return row?.value !== '0';
}

/** The switch as a column of another query (the order's products: one round trip fewer): '0' when closed. */
export const storeSwitch = (eb: ExpressionBuilder<Database, keyof Database>) => eb.selectFrom('shop_meta').select('value').where('key', '=', OPEN_KEY);

/** The owner's open / closed switch, audited. */
export function createStoreRepository(db: Db) {
  return {
    isOpen: () => storeIsOpen(db.kysely),
    async setOpen(open: boolean, actor: Actor, now = Date.now()): Promise<void> {
      await db.kysely.transaction().execute(async (trx) => {
        const value = open ? '1' : '0';
        await trx
          .insertInto('shop_meta')
          .values({ key: OPEN_KEY, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute();
        await recordAudit(trx, { actor, action: open ? 'store.opened' : 'store.closed', subject: 'store', detail: {} }, now);
      });
    },
  };
}

export type StoreRepository = ReturnType<typeof createStoreRepository>;
