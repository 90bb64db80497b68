import type { Kysely } from 'kysely';

/**
 * Devices bound to their browser (issue 20): `devices.secret_hash` is the SHA-256 of a
 * secret the server gives the browser at the device's first registration; later
 * registrations of the device id must bring it. Devices from before have none: their
 * next registration is given one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('secret_hash', 'text').execute();
}
