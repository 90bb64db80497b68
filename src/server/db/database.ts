import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, type DatabaseConnection, type Migration, type MigrationProvider } from 'kysely';
import type Pg from 'pg';
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

import type { Database } from './schema.ts';
import { lazyModule } from '../lazy-module.ts';

/**
 * The one module that knows which database is underneath. Everything else talks Kysely
 * and the conventions of schema.ts, so SQLite and PostgreSQL behave the same.
 */

export type Dialect = 'sqlite' | 'postgres';

export type Db = {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /**
   * SQLite only: copies the live database to `file` with SQLite's online backup, page by
   * page, while the shop keeps taking orders; the copy is one consistent moment. (A copy
   * of the file itself could catch a write half done, and misses what is still in the WAL.)
   */
  backup?: (file: string) => Promise<void>;
};

/** DATA_DIR, made (or kept) readable by the shop's own user only: it holds the database, the auth secret and the push keys. */
export function privateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700);
}

/** chmod, except on a file another user owns (a mounted volume): the shop still starts, as that owner set it up. */
function tighten(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}

export type DbOptions = { databaseUrl?: string | undefined; dataDir: string };

const migrations: Record<string, Migration> = { '001-initial': initial, '002-newsletter-and-reviews': newsletterAndReviews, '003-orders': orders, '004-bookings': bookings, '005-owner': owner, '006-order-numbers': orderNumbers, '007-owners-day': ownersDay, '008-tax': tax, '009-coupons': coupons, '010-review-hiding': reviewHiding, '011-device-secret': deviceSecret, '012-ended-sessions': endedSessions, '013-product-editing': productEditing, '014-banner-schedule': bannerSchedule, '015-media-blobs': mediaBlobs, '016-sale-details': saleDetails };

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The PostgreSQL driver, loaded only for a shop with DATABASE_URL. */
const loadPg = lazyModule<typeof Pg>('pg');

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pg = loadPg();
    // int8 (bigint) columns hold money and epoch milliseconds, far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // an idle connection dropped by the server (restart, failover) must not crash the
    // process: the pool replaces it on the next query
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  privateDataDir(options.dataDir);
  const file = path.join(options.dataDir, 'shop.sqlite');
  // the shop's customers, orders and sessions: readable by the shop's own user only; SQLite
  // gives its -wal and -shm files the database file's permissions
  closeSync(openSync(file, 'a', 0o600));
  tighten(file, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a commit is on disk before we acknowledge it, so an order survives kill -9 and power loss.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const config = { database: sqlite };
  const dialect = new SqliteDialect(config);
  dialect.createDriver = () => new ImmediateSqliteDriver(config);
  const kysely = new Kysely<Database>({ dialect });
  return {
    kysely,
    dialect: 'sqlite',
    close: () => kysely.destroy(),
    backup: async (target) => {
      await sqlite.backup(target);
      chmodSync(target, 0o600);
    },
  };
}

/**
 * Whether a process has the SQLite database in DATA_DIR open (the shop, or an owner's
 * command): every connection in WAL mode holds a shared lock on the file, so an exclusive
 * lock, asked for without waiting, is refused. A database file that is not there is not in use.
 */
export function sqliteInUse(dataDir: string): boolean {
  const file = path.join(dataDir, 'shop.sqlite');
  if (!existsSync(file)) return false;
  const probe = new SQLite(file, { timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('BEGIN EXCLUSIVE; COMMIT');
    return false;
  } catch (err) {
    // any other failure (a file that is not a database) is not a shop running on it
    return (err as { code?: string }).code?.startsWith('SQLITE_BUSY') === true;
  } finally {
    probe.close();
  }
}

/**
 * SQLite transactions begin IMMEDIATE, taking the write lock at their start. A deferred
 * one that read first and then wrote fails at once (SQLITE_BUSY_SNAPSHOT) when another
 * process — the owner's command line beside the server — wrote in between; begun
 * immediate, it waits for the other (busy_timeout) and then sees what it wrote. In one
 * process Kysely runs one transaction at a time anyway, so nothing waits longer.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Brings the schema up to date; runs at every start, and is a no-op when nothing is new. `to` (tests of a migration): only up to that one. */
export async function migrate(db: Db, to?: string): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = to ? await migrator.migrateTo(to) : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
