import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type Db } from '../db/database.ts';

/**
 * The databases every repository and API test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. In CI a missing PostgreSQL is an error, not a skip.
 */
export type TestDatabase = { name: 'sqlite' | 'postgres'; open(options?: { migrateTo?: string }): Promise<OpenTestDatabase> };
/**
 * `location` is what a server's or a command's environment needs to reach the same
 * database on its own (DATABASE_URL, DATA_DIR): for PostgreSQL a DATA_DIR of its own for
 * the files a server keeps, for SQLite the directory of the database file.
 */
export type OpenTestDatabase = { db: Db; location: { databaseUrl: string | undefined; dataDir: string }; dispose(): Promise<void> };

const pgUrl = process.env.TEST_DATABASE_URL;

if (!pgUrl) {
  if (process.env.CI) throw new Error('CI must run the database tests on PostgreSQL too: set TEST_DATABASE_URL');
  console.warn('\n  NOTICE: PostgreSQL tests are SKIPPED — set TEST_DATABASE_URL=postgres://… to run them.\n');
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  async open(options = {}) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
    const db = openDatabase({ dataDir: dir });
    await migrate(db, options.migrateTo);
    return {
      db,
      location: { databaseUrl: undefined, dataDir: dir },
      async dispose() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** A fresh database per test file on the PostgreSQL server of TEST_DATABASE_URL, dropped afterwards. */
const postgres = (url: string): TestDatabase => ({
  name: 'postgres',
  async open(options = {}) {
    const name = `storefront_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const db = openDatabase({ databaseUrl: dbUrl.toString(), dataDir: '' });
    await migrate(db, options.migrateTo);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
    return {
      db,
      location: { databaseUrl: dbUrl.toString(), dataDir },
      async dispose() {
        await db.close();
        rmSync(dataDir, { recursive: true, force: true });
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        // a pool's close resolves before its connections are gone: let them go, rather than FORCE cutting them (which logs "connection lost")
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  },
});

export const testDatabases: TestDatabase[] = pgUrl ? [sqlite, postgres(pgUrl)] : [sqlite];
