import { chmodSync, closeSync, existsSync, fdatasync, fstat, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Migration,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
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
import * as customerIdentity from './migrations/017-customer-identity.ts';
import * as analyticsBudgets from './migrations/018-analytics-budgets.ts';

import { faultOf } from './faults.ts';
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The PostgreSQL driver, loaded only for a shop with DATABASE_URL. */
const loadPg = lazyModule<typeof Pg>('pg');

export function openDatabase(options: DbOptions): Db {
  if (options.databaseUrl) {
    const pg = loadPg();
    // int8 (bigint) columns hold money and epoch milliseconds, far below 2^53.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    // a request waits at most this long for a connection (the server down, every connection busy), then answers 503
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
    // an idle connection dropped by the server (restart, failover) must not crash the
    // process: the pool replaces it on the next query (one in use: withPreparedStatements)
    pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
    return { kysely, dialect: 'postgres', write: (fn) => kysely.transaction().execute(fn), close: () => kysely.destroy() };
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
  // SQLite's own default page cache, 2 MB (better-sqlite3 builds it with 16 MB): the catalog's
  // read passes all the products' pages through it, which the operating system's file cache
  // holds anyway; the orders' pages are few (decision 069)
  sqlite.pragma('cache_size = -2000');
  const config = { database: withStatementCache(sqlite) };
  const dialect = new SqliteDialect(config);
  dialect.createDriver = () => new ImmediateSqliteDriver(config, sqlite);
  const kysely = new Kysely<Database>({ dialect });
  const wal = walSyncer(`${file}-wal`);
  return {
    kysely,
    dialect: 'sqlite',
    write: groupCommit(kysely, wal.sync),
    close: async () => {
      await kysely.destroy();
      wal.close();
    },
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

/** How many distinct statements each PostgreSQL connection keeps prepared; any more run unnamed. */
const PG_PREPARED_LIMIT = 300;
/** How long a query waits for a connection of the pool before it fails (a 503). */
const PG_CONNECT_TIMEOUT_MS = 5_000;

/**
 * The pool as Kysely sees it, with statements run as named prepared statements: each
 * connection parses and plans a statement once instead of at every run (a quarter of the
 * database's CPU time per order, decision 054). Not a statement with `*` in it (`select *`,
 * `returning *`): its result would change shape when another instance's migration adds a
 * column, which PostgreSQL refuses to run as prepared ("cached plan must not change result
 * type", 0A000). Should that happen anyway, the connection is closed when it is given back,
 * so the next one prepares afresh. (A PgBouncer in transaction mode in between needs its
 * `max_prepared_statements`, PgBouncer 1.21 or later.)
 *
 * A connection the server drops while it is lent out (terminated, restarted, the network
 * gone; between two statements of a transaction, say) emits 'error' on its client, which
 * pg's pool listens to only while the client is idle: unheard, that error would end the
 * process (decision 072). Each client is heard here all its life; once its connection is
 * lost, its further statements (the transaction's rollback) fail at once with that loss, and
 * it is given back with it, so the pool closes it instead of lending it again.
 */
function withPreparedStatements(pool: Pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    if (text.includes('*')) return undefined;
    let name = names.get(text);
    if (!name && names.size < PG_PREPARED_LIMIT) names.set(text, (name = `k${names.size + 1}`));
    return name;
  };
  type Wrapper = PostgresPoolClient & { unusable?: Error; lost?: Error };
  const wrapped = new WeakMap<Pg.PoolClient, Wrapper>();
  const wrap = (client: Pg.PoolClient): Wrapper => {
    const wrapper: Wrapper = {
      query: ((text: unknown, values?: unknown[]) => {
        if (wrapper.lost) return Promise.reject(wrapper.lost);
        if (typeof text !== 'string') return client.query(text as Pg.Submittable);
        const name = nameOf(text);
        return client.query(name ? { name, text, values } : { text, values }).catch((err: unknown) => {
          if ((err as { code?: string }).code === '0A000') wrapper.unusable ??= new Error('prepared statements out of date');
          if (faultOf(err)?.what === 'connection') wrapper.lost ??= err as Error;
          throw err;
        });
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(wrapper.lost ?? wrapper.unusable),
    };
    client.on('error', (err) => (wrapper.lost ??= err));
    return wrapper;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) wrapped.set(client, (own = wrap(client)));
      return own;
    },
    end: () => pool.end(),
  };
}

/** How many distinct statements stay prepared (IN lists of every length make new ones; the oldest go). */
const STATEMENT_CACHE = 500;

/**
 * The database as Kysely's SQLite driver sees it, with each statement prepared once and
 * kept: Kysely prepares every query it runs, and SQLite's parsing and planning was a good
 * part of a small query's time. (A kept statement is prepared again by SQLite itself when
 * the schema changes.)
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = prepared.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (prepared.size >= STATEMENT_CACHE) prepared.delete(prepared.keys().next().value!);
        prepared.set(text, statement);
      }
      return statement;
    },
  };
}

/** At most this many orders share a commit, so none waits long behind the others. */
const GROUP_LIMIT = 64;

/**
 * `fdatasync` of SQLite's write-ahead log on libuv's thread pool, off the event loop
 * (decision 065): what `synchronous = FULL` does inside each commit, where better-sqlite3
 * waited for the disk on the event loop. The commits that ask while one sync runs share
 * the next one; each sync is started after the commits it answers for, so their frames are
 * in it. A WAL removed and made again (the last connection closed it; ours is open, so
 * not expected) is found by its link count and the new one synced too.
 */
function walSyncer(walFile: string): { sync: () => Promise<void>; close: () => void } {
  let fd: number | null = null;
  let running = false;
  let waiting: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  const syncOnce = (done: (err: NodeJS.ErrnoException | null) => void) => {
    try {
      fd ??= openSync(walFile, 'r');
    } catch (err) {
      done(err as NodeJS.ErrnoException);
      return;
    }
    const at = fd;
    fdatasync(at, (err) => {
      if (err) return done(err);
      fstat(at, (statErr, stats) => {
        if (statErr) return done(statErr);
        if (stats.nlink > 0) return done(null);
        closeSync(at);
        if (fd === at) fd = null;
        syncOnce(done);
      });
    });
  };
  const next = () => {
    if (running || !waiting.length) return;
    running = true;
    const batch = waiting;
    waiting = [];
    syncOnce((err) => {
      running = false;
      for (const w of batch) {
        if (err) w.reject(err);
        else w.resolve();
      }
      next();
    });
  };
  return {
    sync: () =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        next();
      }),
    close: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/**
 * `Db.write` on SQLite: the transactions asked for while one commits share the next (see Db).
 * A group commits with `synchronous = NORMAL` (the WAL written, not yet synced) and is
 * answered once `durable` (the WAL's `fdatasync`, off the event loop) says its frames are
 * on disk; meanwhile the event loop takes the next requests, and the orders they ask for
 * gather into the next group, which starts after the sync (a group per sync, as many orders
 * in it as the sync's time brings). Every other write keeps `synchronous = FULL`.
 */
export function groupCommit(kysely: Kysely<Database>, durable: () => Promise<void>): Db['write'] {
  type Waiting = { fn: (trx: Transaction<Database>) => Promise<unknown>; resolve: (value: unknown) => void; reject: (err: unknown) => void };
  type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };
  let queue: Waiting[] = [];
  let running = false;
  /** The group's transactions in one transaction (a savepoint each when there are several): their outcomes, or the commit's error. */
  const commit = (group: Waiting[]): Promise<Outcome[]> =>
    kysely.connection().execute(async (conn) => {
      await sql`pragma synchronous = normal`.execute(conn);
      try {
        return await conn.transaction().execute(async (trx) => {
          const outcomes: Outcome[] = [];
          if (group.length === 1) {
            // alone: no savepoint needed; an error rolls the transaction back
            outcomes.push({ ok: true, value: await group[0]!.fn(trx) });
            return outcomes;
          }
          for (const w of group) {
            await sql`savepoint one_write`.execute(trx);
            try {
              outcomes.push({ ok: true, value: await w.fn(trx) });
            } catch (err) {
              // an error SQLite ends the whole transaction for (a full disk, an I/O error) left no savepoint: the group fails with it
              await sql`rollback to one_write`.execute(trx).catch(() => {
                throw err;
              });
              outcomes.push({ ok: false, err });
            }
            await sql`release one_write`.execute(trx);
          }
          return outcomes;
        });
      } finally {
        await sql`pragma synchronous = full`.execute(conn);
      }
    });
  const run = async () => {
    running = true;
    while (queue.length) {
      const group = queue.slice(0, GROUP_LIMIT);
      queue = queue.slice(GROUP_LIMIT);
      let outcomes: Outcome[];
      try {
        outcomes = await commit(group);
      } catch (err) {
        // the commit (or a rollback to a savepoint, or the one write of a group of one) failed: none of the group is written
        for (const w of group) w.reject(err);
        continue;
      }
      // answered once on disk; meanwhile the event loop is free, and what is asked for gathers into the next group
      try {
        await durable();
      } catch (err) {
        for (const w of group) w.reject(err);
        continue;
      }
      group.forEach((w, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) w.resolve(outcome.value);
        else w.reject(outcome.err);
      });
    }
    running = false;
  };
  return <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      // the writes asked for in this turn of the event loop go together
      if (!running) {
        running = true;
        setImmediate(() => void run());
      }
    });
}

/**
 * SQLite transactions begin IMMEDIATE, taking the write lock at their start. A deferred
 * one that read first and then wrote fails at once (SQLITE_BUSY_SNAPSHOT) when another
 * process — the owner's command line beside the server — wrote in between; begun
 * immediate, it waits for the other (busy_timeout) and then sees what it wrote. In one
 * process Kysely runs one transaction at a time anyway, so nothing waits longer.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #sqlite: SQLite.Database;
  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#sqlite = sqlite;
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  /**
   * Only a transaction still open: on some errors (SQLITE_FULL, an I/O error, mostly at the
   * commit) SQLite has rolled it back itself, and a ROLLBACK would fail with "no transaction
   * is active", an error that takes the place of the one that says what happened.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#sqlite.inTransaction) await super.rollbackTransaction(connection);
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
