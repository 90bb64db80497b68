import type { Kysely } from 'kysely';

/**
 * How many analytics events were stored on one UTC day (`day`, days since the epoch) for one
 * client (`client`: an IPv4 address or an IPv6 /64), and for all clients together (`client`
 * ''): an event past either budget is not stored (decision 077). Only today's rows matter;
 * older days are deleted with the old events.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_budgets')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_budgets_pk', ['day', 'client'])
    .execute();
}
