import { ulid } from 'ulid';
import type { Db } from '../database.ts';

export type Address = { fullName: string; streetName: string; apartment: string; city: string; state: string; zipCode: string; country: string; phone: string };
export type SavedAddress = Address & { id: string };

/**
 * A user's saved addresses (spec §3 Address, §7 api/user/addresses). Every query is
 * scoped to the user: another user's address id finds nothing, exactly like a missing one.
 */
export function createAddressRepository(db: Db) {
  const { kysely } = db;
  const toSaved = (row: { id: string; data: string }): SavedAddress => ({ ...(JSON.parse(row.data) as Address), id: row.id });
  return {
    async list(userId: string): Promise<SavedAddress[]> {
      const rows = await kysely.selectFrom('addresses').select(['id', 'data']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toSaved);
    },
    /** Saves a new address; one the user has saved already, the same in every field, is answered instead of saved twice. */
    async create(userId: string, address: Address, now = Date.now()): Promise<SavedAddress> {
      const same = (await this.list(userId)).find((saved) => sameAddress(saved, address));
      if (same) return same;
      const id = ulid(now);
      await kysely
        .insertInto('addresses')
        .values({ id, user_id: userId, data: JSON.stringify(address), created_at: now, updated_at: now })
        .execute();
      return { ...address, id };
    },
    async update(userId: string, id: string, address: Address, now = Date.now()): Promise<SavedAddress | null> {
      const res = await kysely
        .updateTable('addresses')
        .set({ data: JSON.stringify(address), updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? { ...address, id } : null;
    },
    async remove(userId: string, id: string): Promise<boolean> {
      const res = await kysely.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
  };
}

const FIELDS = ['fullName', 'streetName', 'apartment', 'city', 'state', 'zipCode', 'country', 'phone'] as const;
/** Field by field, ignoring case and spaces around: "12 MG Road " is the address "12 mg road". */
const sameAddress = (a: Address, b: Address) => FIELDS.every((f) => (a[f] ?? '').trim().toLowerCase() === (b[f] ?? '').trim().toLowerCase());

export type AddressRepository = ReturnType<typeof createAddressRepository>;
