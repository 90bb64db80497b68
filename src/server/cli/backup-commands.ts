import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database.ts';
import type { Env } from '../env.ts';
import { restoreBackup, writeBackup, type BackupManifest } from '../services/shop-backup.ts';
import { loadShopConfig } from '../shop-config-file.ts';
import type { Out } from './out.ts';
import { databaseLocation, shopBanner, shownPath } from './shop-banner.ts';

const BACKUP_USAGE = 'Usage: npm run shop -- backup <file.tar.gz>  (a new file, e.g. backups/shop-2026-11-22.tar.gz)';
const RESTORE_USAGE = 'Usage: npm run shop -- restore <file.tar.gz> [--force]  (a backup made by npm run shop -- backup; stop the shop first)';
const PG_DUMP = 'pg_dump --format=custom --file=shop.dump "$DATABASE_URL"';

/**
 * `backup <file.tar.gz>`: the whole shop in one archive (services/shop-backup.ts), taken
 * while the shop runs. A config that does not validate is backed up as it is.
 */
export async function backupCommand(env: Env, args: string[], out: Out): Promise<number> {
  const [file] = args;
  if (!file || args.length > 1 || !/\.(tar\.gz|tgz)$/.test(file)) {
    out.error(BACKUP_USAGE);
    return 1;
  }
  const config = loadShopConfig(env.shopConfig);
  const shop = config.ok ? { id: config.config.id, title: config.config.title } : null;
  out.banner?.(shopBanner(shop ?? undefined, env));
  const target = path.resolve(file);
  if (existsSync(target)) {
    out.error(`${file} exists already: name a new file, so no backup is overwritten.`);
    return 1;
  }
  if (!existsSync(path.dirname(target))) {
    out.error(`There is no folder ${path.dirname(file)}: make it first.`);
    return 1;
  }
  if (!env.databaseUrl && !existsSync(path.join(env.dataDir, 'shop.sqlite'))) {
    out.error(`There is no shop database at ${databaseLocation(env)}: is DATA_DIR (in the environment or .env) the shop's?`);
    return 1;
  }
  const db = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
  let manifest: BackupManifest;
  try {
    manifest = await writeBackup(db, env, shop, target);
  } finally {
    await db.close();
  }
  out.log(`Backed up the shop to ${file}: ${describeContents(manifest)}.`);
  if (!config.ok) out.log(`Its config ${shownPath(env.shopConfig)} is not valid (npm run shop -- check-config): it is in the backup as it is.`);
  if (manifest.database === 'postgres')
    out.log(`The PostgreSQL database is not in it: back it up with pg_dump beside it, e.g. ${PG_DUMP} (docs/deployment.md).`);
  out.log(`To restore it: stop the shop, then npm run shop -- restore ${file}`);
  return 0;
}

/** `restore <file.tar.gz> [--force]`: a backup's database, secrets, config and media back in DATA_DIR, SHOP_CONFIG and MEDIA_DIR. */
export async function restoreCommand(env: Env, args: string[], out: Out): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  const [file] = files;
  if (!file || files.length > 1 || file.startsWith('-')) {
    out.error(RESTORE_USAGE);
    return 1;
  }
  out.banner?.(`Restoring into ${databaseLocation(env)}, config ${shownPath(env.shopConfig)}, media ${shownPath(env.mediaDir)}`);
  if (!existsSync(file)) {
    out.error(`There is no file ${file}.`);
    return 1;
  }
  const result = await restoreBackup(path.resolve(file), env, { force, databaseUrl: env.databaseUrl });
  if (!result.ok) {
    for (const problem of result.problems) out.error(problem);
    out.error('Nothing was restored.');
    return 1;
  }
  const { manifest } = result;
  const shop = manifest.shop ? `${manifest.shop.title} (${manifest.shop.id})` : 'the shop';
  out.log(`Restored ${shop}, backed up ${manifest.createdAt.slice(0, 16).replace('T', ' ')} UTC: ${describeContents(manifest)}.`);
  if (manifest.database === 'postgres')
    out.log(
      'Its database was on PostgreSQL and is not in the archive: restore your pg_dump file with pg_restore --clean --dbname "$DATABASE_URL" shop.dump before starting the shop.',
    );
  out.log('Start the shop: it serves the restored catalog and orders.');
  return 0;
}

function describeContents(manifest: BackupManifest): string {
  const data = manifest.contents.data.filter((f) => f !== 'shop.sqlite');
  const parts = [
    ...(manifest.database === 'sqlite' ? ['the database'] : []),
    data.length > 0 ? `the secrets and other files of DATA_DIR (${data.join(', ')})` : 'no other files of DATA_DIR',
    manifest.contents.config ? `the config (${manifest.contents.config})` : 'no config file',
    `${manifest.contents.media} media ${manifest.contents.media === 1 ? 'file' : 'files'}`,
  ];
  return parts.join(', ');
}
