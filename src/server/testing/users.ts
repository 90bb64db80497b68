import type { Db } from '../db/database.ts';
import type { AccessTokens } from '../services/access-tokens.ts';

/**
 * Accounts made straight in the database (confirmed e-mail `<id>@example.com`, no password),
 * each with an access token of its own, by id: `{ priya: 'eyJ…', asha: 'eyJ…' }`.
 */
export async function addUsers(
  db: Db,
  tokens: AccessTokens,
  users: ReadonlyArray<readonly [id: string, role: 'owner' | 'customer']>,
  nameOf = (id: string) => id,
): Promise<Record<string, string>> {
  const issued: Record<string, string> = {};
  for (const [id, role] of users) {
    await db.kysely
      .insertInto('users')
      .values({ id, name: nameOf(id), email: `${id}@example.com`, phone: null, password_hash: null, role, email_verified: 1, phone_verified: 0, created_at: 0 })
      .execute();
    issued[id] = await tokens.issue({ userId: id, role, sessionId: 'test-session' });
  }
  return issued;
}
