import type { Kysely } from 'kysely';

/**
 * Sessions that end take their access tokens with them (issue 20): each start reads the
 * sessions revoked within an access token's life (`services/sessions.ts`), which this
 * index keeps from reading every refresh token ever issued.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('refresh_tokens_revoked').on('refresh_tokens').column('revoked_at').execute();
}
