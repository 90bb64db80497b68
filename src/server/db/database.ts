import { Migrator, type Kysely, type Migration, type MigrationProvider, type Transaction } from 'kysely';
import * as initial from './migrations/001-initial.ts';
import * as newsletterAndReviews from './migrations/002-newsletter-and-reviews.ts';
import * as orders from './migrations/003-orders.ts';
import * as bookings from './migrations/004-bookings.ts';
import * as owner from './migrations/005-owner.ts';
import * as orderNumbers from './migrations/006-order-numbers.ts';
import * as ownersDay from './migrations/007-owners-day.ts';
import * as tax from './migrations/008-tax.ts';
import * as coupons from './migrations/009-coupons.ts';
import * as reviewHiding from './migrations/010-review-hiding.ts';
import * as deviceSecret from './migrations/011-device-secret.ts';
import * as endedSessions from './migrations/012-ended-sessions.ts';
import * as productEditing from './migrations/013-product-editing.ts';
import * as bannerSchedule from './migrations/014-banner-schedule.ts';
import * as mediaBlobs from './migrations/015-media-blobs.ts';
import * as saleDetails from './migrations/016-sale-details.ts';
import * as customerIdentity from './migrations/017-customer-identity.ts';
import * as analyticsBudgets from './migrations/018-analytics-budgets.ts';
import * as paymentEvents from './migrations/019-payment-events.ts';
import * as paymentReminders from './migrations/020-payment-reminders.ts';
import * as bankAlerts from './migrations/021-bank-alerts.ts';
import * as upiAmounts from './migrations/022-upi-amounts.ts';
import * as bookingDeposits from './migrations/023-booking-deposits.ts';
import * as whatsapp from './migrations/024-whatsapp.ts';
import * as whatsappReplies from './migrations/025-whatsapp-replies.ts';
import * as orderChannels from './migrations/026-order-channels.ts';
import * as dineTables from './migrations/027-dine-tables.ts';
import * as tableBills from './migrations/028-table-bills.ts';
import type { Database } from './schema.ts';
import { openPostgres } from './postgres-database.ts';
import { openSqlite } from './sqlite-database.ts';

/**
 * The shop's database, whichever is underneath: only this module and the two that open
 * one (sqlite-database.ts, whose writes commit in groups through group-commit.ts, and
 * postgres-database.ts) know which. Everything else talks Kysely and the conventions of
 * schema.ts, so SQLite and PostgreSQL behave the same.
 */

export type Dialect = 'sqlite' | 'postgres';

export type Db = {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * A write transaction on the hot path (placing an order). On PostgreSQL, a transaction
   * of its own. On SQLite, the transactions asked for at the same moment share one: each
   * runs in a savepoint of its own (a refusal or an error rolls back only its work), then
   * one commit — one fsync for all of them — and only then does each get its answer (group
   * commit). A failed commit fails them all, so nothing is answered that is not on disk.
   */
  write<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * SQLite only: copies the live database to `file` with SQLite's online backup, page by
   * page, while the shop keeps taking orders; the copy is one consistent moment. (A copy
   * of the file itself could catch a write half done, and misses what is still in the WAL.)
   */
  backup?: (file: string) => Promise<void>;
};

export type DbOptions = { databaseUrl?: string | undefined; dataDir: string };

export function openDatabase(options: DbOptions): Db {
  return options.databaseUrl ? { dialect: 'postgres', ...openPostgres(options.databaseUrl) } : { dialect: 'sqlite', ...openSqlite(options.dataDir) };
}

const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-newsletter-and-reviews': newsletterAndReviews,
  '003-orders': orders,
  '004-bookings': bookings,
  '005-owner': owner,
  '006-order-numbers': orderNumbers,
  '007-owners-day': ownersDay,
  '008-tax': tax,
  '009-coupons': coupons,
  '010-review-hiding': reviewHiding,
  '011-device-secret': deviceSecret,
  '012-ended-sessions': endedSessions,
  '013-product-editing': productEditing,
  '014-banner-schedule': bannerSchedule,
  '015-media-blobs': mediaBlobs,
  '016-sale-details': saleDetails,
  '017-customer-identity': customerIdentity,
  '018-analytics-budgets': analyticsBudgets,
  '019-payment-events': paymentEvents,
  '020-payment-reminders': paymentReminders,
  '021-bank-alerts': bankAlerts,
  '022-upi-amounts': upiAmounts,
  '023-booking-deposits': bookingDeposits,
  '024-whatsapp': whatsapp,
  '025-whatsapp-replies': whatsappReplies,
  '026-order-channels': orderChannels,
  '027-dine-tables': dineTables,
  '028-table-bills': tableBills,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; runs at every start, and is a no-op when nothing is new. `to` (tests of a migration): only up to that one. */
export async function migrate(db: Db, to?: string): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
