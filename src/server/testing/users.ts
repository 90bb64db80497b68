import { beforeAll } from 'vitest';
import type { Db } from '../db/database.ts';
import type { AccessTokens } from '../services/access-tokens.ts';

type Role = 'owner' | 'customer';

/** An account as a test needs it; what is left out is the usual: name = id, e-mail `<id>@example.com` (confirmed), no phone, no password. */
export type TestUser = {
  id: string;
  role: Role;
  name?: string;
  email?: string | null;
  phone?: string | null;
  passwordHash?: string | null;
  emailVerified?: boolean;
  createdAt?: number;
};

/** Makes one account straight in the database, with no token. */
export async function insertUser(db: Db, user: TestUser): Promise<void> {
  const { id, role } = user;
  await db.kysely
    .insertInto('users')
    .values({
      id,
      name: user.name ?? id,
      email: user.email === undefined ? `${id}@example.com` : user.email,
      phone: user.phone ?? null,
      password_hash: user.passwordHash ?? null,
      role,
      email_verified: user.emailVerified === false ? 0 : 1,
      phone_verified: 0,
      created_at: user.createdAt ?? 0,
    })
    .execute();
}

/** Makes one account straight in the database and returns an access token of its own (session `test-session`). */
export async function addUser(db: Db, tokens: AccessTokens, user: TestUser): Promise<string> {
  await insertUser(db, user);
  return tokens.issue({ userId: user.id, role: user.role, sessionId: 'test-session' });
}

/** The shop's owner Priya (`priya@example.com`), with her access token. */
export function addOwnerPriya(db: Db, tokens: AccessTokens, id = 'priya'): Promise<string> {
  return addUser(db, tokens, { id, role: 'owner', name: 'Priya', email: 'priya@example.com' });
}

/**
 * Accounts made straight in the database (confirmed e-mail `<id>@example.com`, no password),
 * each with an access token of its own, by id: `{ priya: 'eyJ…', asha: 'eyJ…' }`.
 */
export async function addUsers(
  db: Db,
  tokens: AccessTokens,
  users: ReadonlyArray<readonly [id: string, role: Role]>,
  nameOf = (id: string) => id,
): Promise<Record<string, string>> {
  const issued: Record<string, string> = {};
  for (const [id, role] of users) issued[id] = await addUser(db, tokens, { id, role, name: nameOf(id) });
  return issued;
}

/** The usual two accounts, the owner `priya` and the customer `asha`, with their access tokens by id. */
export function addOwnerAndCustomer(db: Db, tokens: AccessTokens, nameOf?: (id: string) => string): Promise<Record<string, string>> {
  return addUsers(
    db,
    tokens,
    [
      ['priya', 'owner'],
      ['asha', 'customer'],
    ],
    nameOf,
  );
}

/**
 * The owner `priya` and the customer `asha` (as addOwnerAndCustomer makes them), added to the
 * describe block's test database once it is open: their access tokens by id, there by the first test.
 */
export function useOwnerAndCustomer(shop: { readonly db: Db }, tokens: AccessTokens, nameOf?: (id: string) => string): Record<string, string> {
  const token: Record<string, string> = {};
  beforeAll(async () => {
    Object.assign(token, await addOwnerAndCustomer(shop.db, tokens, nameOf));
  });
  return token;
}
