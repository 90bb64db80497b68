import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { privateDataDir } from '../db/data-dir.ts';
import type { Db } from '../db/database.ts';
import { sqliteInUse } from '../db/sqlite-database.ts';
import { PACKAGE_ROOT } from '../package-root.ts';

/**
 * A whole shop in one .tar.gz (decision 049): the database (a consistent SQLite copy; a
 * PostgreSQL database is pg_dump's), the config file, the media folder and the secrets
 * kept in DATA_DIR, with a manifest saying what, when and from which shop. Laid out as
 *
 *   manifest.json
 *   data/shop.sqlite, data/auth-secret, data/vapid.json, …   (DATA_DIR)
 *   config/<the config file's name>                         (SHOP_CONFIG)
 *   media/…                                                 (MEDIA_DIR)
 */

export type BackupManifest = {
  format: 'storefront-backup';
  version: 1;
  createdAt: string;
  shop: { id: string; title: string } | null;
  storefrontVersion: string;
  /** Which database the shop ran on; a PostgreSQL database is not in the archive. */
  database: 'sqlite' | 'postgres';
  /** The files of DATA_DIR in `data/`, the config's name in `config/` (null: there was none), how many media files. */
  contents: { data: string[]; config: string | null; media: number };
};

export type ShopPlaces = { dataDir: string; shopConfig: string; mediaDir: string };

/** DATA_DIR's own database files: the consistent copy stands for them. The image cache is made again from the media. */
const LEFT_OUT = new Set(['shop.sqlite', 'shop.sqlite-wal', 'shop.sqlite-shm', 'shop.sqlite-journal', 'img-cache']);
/** Earlier backups kept in DATA_DIR, and half-written ones, are not backed up again. */
const isArchive = (name: string) => /\.(tar\.gz|tgz|partial)$/.test(name) || name.startsWith('.backup-');

/** Writes the archive `target` (a new file): first to `target.partial`, renamed once whole, so a failed backup leaves no half archive. */
export async function writeBackup(db: Db, places: ShopPlaces, shop: BackupManifest['shop'], target: string): Promise<BackupManifest> {
  const staging = mkdtempSync(path.join(path.dirname(target), '.backup-'));
  try {
    const data = path.join(staging, 'data');
    mkdirSync(data, { mode: 0o700 });
    const dataFiles: string[] = [];
    if (db.backup) {
      await db.backup(path.join(data, 'shop.sqlite'));
      dataFiles.push('shop.sqlite');
    }
    // the rest of DATA_DIR (auth-secret, vapid.json, …) by reference: tar follows the links
    for (const name of existsSync(places.dataDir) ? readdirSync(places.dataDir).sort() : []) {
      if (LEFT_OUT.has(name) || isArchive(name)) continue;
      symlinkSync(path.join(places.dataDir, name), path.join(data, name));
      dataFiles.push(name);
    }
    const config = existsSync(places.shopConfig) ? path.basename(places.shopConfig) : null;
    if (config) {
      mkdirSync(path.join(staging, 'config'));
      symlinkSync(places.shopConfig, path.join(staging, 'config', config));
    }
    const media = existsSync(places.mediaDir) && statSync(places.mediaDir).isDirectory();
    if (media) symlinkSync(places.mediaDir, path.join(staging, 'media'));
    const manifest: BackupManifest = {
      format: 'storefront-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      shop,
      storefrontVersion: (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version,
      database: db.dialect,
      contents: { data: dataFiles, config, media: media ? countFiles(places.mediaDir) : 0 },
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true, strict: true }, [
      'manifest.json',
      'data',
      ...(config ? ['config'] : []),
      ...(media ? ['media'] : []),
    ]);
    chmodSync(partial, 0o600);
    renameSync(partial, target);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export type RestoreResult = { ok: true; manifest: BackupManifest } | { ok: false; manifest?: BackupManifest; problems: string[] };

/**
 * Puts a backup's files back: DATA_DIR's (the database and the secrets), the config at
 * SHOP_CONFIG, the media into MEDIA_DIR. Refuses, changing nothing, an archive holding
 * anything but plain files and folders inside it or a manifest naming a config elsewhere (a
 * crafted backup would read any file of the machine into the shop; decision 074); while the
 * SQLite database there is open (the shop runs); and without `force` when DATA_DIR holds
 * anything, the config file differs or a media file of the same name differs.
 */
export async function restoreBackup(archive: string, places: ShopPlaces, options: { force: boolean; databaseUrl: string | undefined }): Promise<RestoreResult> {
  const staging = mkdtempSync(path.join(os.tmpdir(), 'storefront-restore-'));
  try {
    const refused: string[] = [];
    try {
      await tar.extract({
        file: archive,
        cwd: staging,
        strict: true,
        // an entry refused here is not extracted; one is enough to restore nothing
        filter: (entryPath, entry) => {
          const why = entry instanceof tar.ReadEntry ? refusedEntry(entry) : null;
          if (why) refused.push(`${entryPath}: ${why}`);
          return !why;
        },
      });
    } catch (err) {
      return { ok: false, problems: [`${archive} is not a backup of this shop's kind (a .tar.gz from npm run shop -- backup): ${(err as Error).message}`] };
    }
    if (refused.length > 0) {
      const shown = refused.slice(0, 5).join('; ') + (refused.length > 5 ? '; …' : '');
      return { ok: false, problems: [`${archive} holds what no backup of this shop holds (${shown}): it was not made by npm run shop -- backup.`] };
    }
    const manifest = readManifest(path.join(staging, 'manifest.json'));
    if (!manifest) return { ok: false, problems: [`${archive} has no storefront backup manifest: it was not made by npm run shop -- backup.`] };
    const config = manifest.contents.config;
    if (config !== null && !isPlainFile(staging, 'config', config)) {
      return {
        ok: false,
        manifest,
        problems: [`${archive}: the manifest names the config ${String(config)}, which is not a file name in the backup's config folder.`],
      };
    }
    const problems = restoreProblems(staging, manifest, places, options);
    if (problems.length > 0) return { ok: false, manifest, problems };

    if (options.force) {
      // a database file left beside the backup's would be read with it: -wal and -shm go too
      for (const name of LEFT_OUT) rmSync(path.join(places.dataDir, name), { recursive: true, force: true });
    }
    privateDataDir(places.dataDir);
    for (const name of readdirSync(path.join(staging, 'data'))) {
      const target = path.join(places.dataDir, name);
      cpSync(path.join(staging, 'data', name), target, { recursive: true, force: true });
      if (lstatSync(target).isFile()) chmodSync(target, 0o600);
    }
    if (manifest.contents.config) {
      mkdirSync(path.dirname(places.shopConfig), { recursive: true });
      copyFileSync(path.join(staging, 'config', manifest.contents.config), places.shopConfig);
    }
    if (existsSync(path.join(staging, 'media'))) {
      mkdirSync(places.mediaDir, { recursive: true });
      cpSync(path.join(staging, 'media'), places.mediaDir, { recursive: true, force: true });
    }
    return { ok: true, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Why an archive's entry is not taken, or null: a backup holds plain files and folders at
 * plain paths inside it (and hard links between its own files, as tar writes for files that
 * share their data). A symbolic link is refused even when it points inside: copied into
 * MEDIA_DIR or DATA_DIR it would be followed from there.
 */
function refusedEntry(entry: tar.ReadEntry): string | null {
  switch (entry.type) {
    case 'File':
    case 'OldFile':
    case 'ContiguousFile':
    case 'Directory':
      return leadsOutside(entry.path) ? 'its path leads outside the backup' : null;
    case 'Link':
      if (leadsOutside(entry.path)) return 'its path leads outside the backup';
      return leadsOutside(entry.linkpath ?? '') ? 'a hard link to a file outside the backup' : null;
    case 'SymbolicLink':
      return 'a symbolic link';
    case 'CharacterDevice':
    case 'BlockDevice':
      return 'a device';
    case 'FIFO':
      return 'a pipe';
    default:
      return `an entry of type ${entry.type}`;
  }
}

/** A path that is not a plain relative one: absolute, empty, or with a `..` part. */
const leadsOutside = (p: string) => p === '' || path.isAbsolute(p) || /^[a-zA-Z]:/.test(p) || p.split(/[/\\]/).includes('..');

/** Whether `name` is a plain file name whose file in `folder` of the extracted backup is a regular file. */
function isPlainFile(staging: string, folder: string, name: unknown): boolean {
  if (typeof name !== 'string' || name !== path.basename(name) || name === '.' || name === '..' || name.includes('\\') || name.includes('\0')) return false;
  const file = path.join(staging, folder, name);
  return existsSync(file) && lstatSync(file).isFile();
}

function readManifest(file: string): BackupManifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
    return manifest.format === 'storefront-backup' && manifest.version === 1 ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Every reason not to restore, at once; none with `force` but a running shop and a database the settings would not use. */
function restoreProblems(
  staging: string,
  manifest: BackupManifest,
  places: ShopPlaces,
  options: { force: boolean; databaseUrl: string | undefined },
): string[] {
  if (manifest.database === 'sqlite' && options.databaseUrl) {
    return [
      'This backup holds a SQLite database, but DATABASE_URL is set: the shop would not use it. Unset DATABASE_URL (in the environment and in .env) to restore it.',
    ];
  }
  if (sqliteInUse(places.dataDir)) {
    return [`The shop's database in ${places.dataDir} is in use: stop the shop (and any npm run shop command working on it), then restore.`];
  }
  if (options.force) return [];
  const problems: string[] = [];
  const held = existsSync(places.dataDir) ? readdirSync(places.dataDir) : [];
  if (held.length > 0)
    problems.push(
      `DATA_DIR ${places.dataDir} is not empty (${held.sort().join(', ')}): restore into an empty folder, or add --force to replace its database and secrets with the backup's.`,
    );
  const config = manifest.contents.config && path.join(staging, 'config', manifest.contents.config);
  if (config && existsSync(places.shopConfig) && !sameContent(config, places.shopConfig)) {
    problems.push(`SHOP_CONFIG ${places.shopConfig} exists with another config: move it away, or add --force to replace it with the backup's.`);
  }
  const media = path.join(staging, 'media');
  const clashes = existsSync(media)
    ? listFiles(media).filter((f) => existsSync(path.join(places.mediaDir, f)) && !sameContent(path.join(media, f), path.join(places.mediaDir, f)))
    : [];
  if (clashes.length > 0) {
    problems.push(
      `MEDIA_DIR ${places.mediaDir} has other files of the same names (${clashes.slice(0, 5).join(', ')}${clashes.length > 5 ? ', …' : ''}): add --force to replace them with the backup's.`,
    );
  }
  return problems;
}

function sameContent(a: string, b: string): boolean {
  return statSync(b).isFile() && readFileSync(a).equals(readFileSync(b));
}

/** The files under a folder, as paths relative to it. */
function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() || e.isSymbolicLink()).length;
}
