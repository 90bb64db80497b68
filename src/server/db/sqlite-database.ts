import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDatabase, type SqliteDialectConfig } from 'kysely';
import { privateDataDir, tighten } from './data-dir.ts';
import { groupCommit, walSyncer } from './group-commit.ts';
import type { Database } from './schema.ts';

/** The shop's database file in DATA_DIR. */
const databaseFile = (dataDir: string) => path.join(dataDir, 'shop.sqlite');

/** The shop's SQLite database in DATA_DIR, made when there is none; `write` commits in groups (group-commit.ts). */
export function openSqlite(dataDir: string) {
  privateDataDir(dataDir);
  const file = databaseFile(dataDir);
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
    write: groupCommit(kysely, wal.sync),
    close: async () => {
      await kysely.destroy();
      wal.close();
    },
    backup: async (target: string) => {
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
  const file = databaseFile(dataDir);
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
