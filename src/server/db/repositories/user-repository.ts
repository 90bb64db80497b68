import { ulid } from 'ulid';
import type { Db } from '../database.ts';
import type { UserTable } from '../schema.ts';

/** The user as the auth answers show it (spec §7: user{id, name, email, phoneNumber}). */
export type PublicUser = { id: string; name: string; email: string | null; phoneNumber: string | null };

export const publicUser = (row: Pick<UserTable, 'id' | 'name' | 'email' | 'phone'>): PublicUser => ({ id: row.id, name: row.name, email: row.email, phoneNumber: row.phone });

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createUserRepository(db: Db) {
  const { kysely } = db;
  return {
    byId: (id: string) => kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string) => kysely.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst(),

    /**
     * An e-mail sign-up waiting for its confirmation. Signing up again before confirming
     * replaces the name and password (the first attempt may have had a typo); a confirmed
     * account is never touched here.
     */
    async savePendingEmailSignup(input: { name: string; email: string; passwordHash: string }, now = Date.now()): Promise<void> {
      const email = normaliseEmail(input.email);
      await kysely
        .insertInto('users')
        .values({ id: ulid(now), name: input.name, email, phone: null, password_hash: input.passwordHash, role: 'customer', email_verified: 0, phone_verified: 0, created_at: now })
        .onConflict((oc) => oc.column('email').doUpdateSet({ name: input.name, password_hash: input.passwordHash }).where('users.email_verified', '=', 0))
        .execute();
    },

    async rename(id: string, name: string) {
      await kysely.updateTable('users').set({ name }).where('id', '=', id).execute();
      return kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async confirmEmail(email: string): Promise<void> {
      await kysely.updateTable('users').set({ email_verified: 1 }).where('email', '=', normaliseEmail(email)).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
