import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, openDatabase, type Db } from '../db/database.ts';

/**
 * The databases every repository and API test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. In CI a missing PostgreSQL is an error, not a skip.
 */
export type TestDatabase = { name: 'sqlite' | 'postgres'; open(): Promise<{ db: Db; dispose(): Promise<void> }> };

const pgUrl = process.env.TEST_DATABASE_URL;

if (!pgUrl) {
  if (process.env.CI) throw new Error('CI must run the database tests on PostgreSQL too: set TEST_DATABASE_URL');
  console.warn('\n  NOTICE: PostgreSQL tests are SKIPPED — set TEST_DATABASE_URL=postgres://… to run them.\n');
}

const sqlite: TestDatabase = {
  name: 'sqlite',
  async open() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-test-'));
    const db = openDatabase({ dataDir: dir });
    await migrate(db);
    return {
      db,
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
  async open() {
    const name = `storefront_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const db = openDatabase({ databaseUrl: dbUrl.toString(), dataDir: '' });
    await migrate(db);
    return {
      db,
      async dispose() {
        await db.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  },
});

export const testDatabases: TestDatabase[] = pgUrl ? [sqlite, postgres(pgUrl)] : [sqlite];
