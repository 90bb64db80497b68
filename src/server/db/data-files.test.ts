import { mkdtempSync, statSync, writeFileSync, chmodSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuthSecret } from '../services/auth-secret.ts';
import { migrate, openDatabase } from './database.ts';

const mode = (file: string) => statSync(file).mode & 0o777;

describe("the shop's files on disk", () => {
  it('keep the database, its journal, its backups and the secrets readable by the shop alone', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-files-')), 'data');
    const db = openDatabase({ dataDir });
    await migrate(db);
    // a write, so SQLite has made its -wal and -shm files
    await db.kysely.insertInto('shop_meta').values({ key: 'probe', value: '1' }).execute();
    loadAuthSecret(undefined, dataDir);
    const backup = path.join(path.dirname(dataDir), 'backup.sqlite');
    await db.backup!(backup);
    expect(mode(dataDir)).toBe(0o700);
    for (const file of ['shop.sqlite', 'shop.sqlite-wal', 'shop.sqlite-shm', 'auth-secret']) expect(mode(path.join(dataDir, file)), file).toBe(0o600);
    expect(mode(backup)).toBe(0o600);
    await db.close();
  });

  it('tightens a data directory and a database made before, loosely', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'storefront-files-')), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'shop.sqlite'), '');
    chmodSync(path.join(dataDir, 'shop.sqlite'), 0o644);
    const db = openDatabase({ dataDir });
    await migrate(db);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'shop.sqlite'))).toBe(0o600);
    await db.close();
  });
});
