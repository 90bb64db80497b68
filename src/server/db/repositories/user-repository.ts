import { ulid } from 'ulid';
import type { Db } from '../database.ts';
import type { UserTable } from '../tables/accounts.ts';

/**
 * The user as the auth answers show it (spec §7: user{id, name, email, phoneNumber}), with the
 * account's last answer to "Send me updates on WhatsApp", which its next checkout starts with.
 */
export type PublicUser = { id: string; name: string; email: string | null; phoneNumber: string | null; whatsappUpdates: boolean };

export const publicUser = (row: Pick<UserTable, 'id' | 'name' | 'email' | 'phone'> & { whatsapp_updates?: number }): PublicUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phoneNumber: row.phone,
  whatsappUpdates: row.whatsapp_updates === 1,
});

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** How a user is reached and identified: by e-mail address or by phone number (E.164). */
export type ChannelName = 'email' | 'phone';
const verifiedColumn = { email: 'email_verified', phone: 'phone_verified' } as const;

export function createUserRepository(db: Db) {
  const { kysely } = db;
  return {
    byId: (id: string) => kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    byEmail: (email: string) => kysely.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst(),
    by: (channel: ChannelName, id: string) =>
      kysely
        .selectFrom('users')
        .selectAll()
        .where(channel, '=', channel === 'email' ? normaliseEmail(id) : id)
        .executeTakeFirst(),

    /**
     * The account a one-time code just proved: found, or made (with no name yet: the
     * browser asks for one). An account waiting for its e-mail confirmation is confirmed
     * and loses the password it was signed up with, since whoever chose that password
     * had not proved the address (so nobody can pre-register someone else's address).
     */
    async provenBy(channel: ChannelName, rawId: string, now = Date.now()) {
      const id = channel === 'email' ? normaliseEmail(rawId) : rawId;
      const column = verifiedColumn[channel];
      return kysely.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('users').selectAll().where(channel, '=', id).executeTakeFirst();
        if (existing?.[column]) return existing;
        if (existing) {
          await trx
            .updateTable('users')
            .set({ [column]: 1, password_hash: null })
            .where('id', '=', existing.id)
            .execute();
          return { ...existing, [column]: 1, password_hash: null };
        }
        const row = {
          id: ulid(now),
          name: '',
          email: null,
          phone: null,
          password_hash: null,
          role: 'customer',
          email_verified: 0,
          phone_verified: 0,
          created_at: now,
          [channel]: id,
          [column]: 1,
        } as const;
        await trx.insertInto('users').values(row).execute();
        return row;
      });
    },

    /** A phone sign-up whose code was right; undefined when the number has an account already. */
    async createByPhone(input: { name: string; phone: string; passwordHash: string }, now = Date.now()) {
      const row = {
        id: ulid(now),
        name: input.name,
        email: null,
        phone: input.phone,
        password_hash: input.passwordHash,
        role: 'customer',
        email_verified: 0,
        phone_verified: 1,
        created_at: now,
      } as const;
      const inserted = await kysely
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.column('phone').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? row : undefined;
    },

    /** A reset by a code sent to `channel`: the new password, and that channel counts as proved. */
    async resetPassword(userId: string, channel: ChannelName, passwordHash: string): Promise<void> {
      await kysely
        .updateTable('users')
        .set({ password_hash: passwordHash, [verifiedColumn[channel]]: 1 })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * A proved new e-mail address or phone number for the user; 'taken' when another
     * account owns it. Someone else's sign-up still waiting for its confirmation gives way.
     */
    async changeContact(userId: string, channel: ChannelName, rawId: string) {
      const id = channel === 'email' ? normaliseEmail(rawId) : rawId;
      const column = verifiedColumn[channel];
      return kysely.transaction().execute(async (trx) => {
        const holder = await trx.selectFrom('users').select(['id', column]).where(channel, '=', id).executeTakeFirst();
        if (holder && holder.id !== userId) {
          if (holder[column]) return 'taken' as const;
          await trx.deleteFrom('users').where('id', '=', holder.id).execute();
        }
        await trx
          .updateTable('users')
          .set({ [channel]: id, [column]: 1 })
          .where('id', '=', userId)
          .execute();
        return trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      });
    },

    /**
     * An e-mail sign-up waiting for its confirmation. Signing up again before confirming
     * replaces the name and password (the first attempt may have had a typo); a confirmed
     * account is never touched here.
     */
    async savePendingEmailSignup(input: { name: string; email: string; passwordHash: string }, now = Date.now()): Promise<void> {
      const email = normaliseEmail(input.email);
      await kysely
        .insertInto('users')
        .values({
          id: ulid(now),
          name: input.name,
          email,
          phone: null,
          password_hash: input.passwordHash,
          role: 'customer',
          email_verified: 0,
          phone_verified: 0,
          created_at: now,
        })
        .onConflict((oc) => oc.column('email').doUpdateSet({ name: input.name, password_hash: input.passwordHash }).where('users.email_verified', '=', 0))
        .execute();
    },

    async rename(id: string, name: string) {
      await kysely.updateTable('users').set({ name }).where('id', '=', id).execute();
      return kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The shop owner's account (issue 8): the user with this e-mail address becomes an
     * owner with this password (its address counts as confirmed: the owner set it on the
     * machine), or a new owner account is made. Returns whether it was made.
     */
    async makeOwner(input: { email: string; name: string; passwordHash: string }, now = Date.now()): Promise<{ id: string; created: boolean }> {
      const email = normaliseEmail(input.email);
      return kysely.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
        if (found) {
          await trx
            .updateTable('users')
            .set({ role: 'owner', password_hash: input.passwordHash, email_verified: 1, ...(input.name ? { name: input.name } : {}) })
            .where('id', '=', found.id)
            .execute();
          return { id: found.id, created: false };
        }
        const id = ulid(now);
        await trx
          .insertInto('users')
          .values({
            id,
            name: input.name,
            email,
            phone: null,
            password_hash: input.passwordHash,
            role: 'owner',
            email_verified: 1,
            phone_verified: 0,
            created_at: now,
          })
          .execute();
        return { id, created: true };
      });
    },

    /** Whether any account is an owner, for making one from the environment on the first start. */
    async hasOwner(): Promise<boolean> {
      const row = await kysely.selectFrom('users').select('id').where('role', '=', 'owner').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the user is the shop's owner, read afresh on every owner request: a demoted owner loses access at once. */
    async isOwner(id: string): Promise<boolean> {
      const row = await kysely.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
      return row?.role === 'owner';
    },

    async confirmEmail(email: string): Promise<void> {
      await kysely.updateTable('users').set({ email_verified: 1 }).where('email', '=', normaliseEmail(email)).execute();
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
