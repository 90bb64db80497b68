import path from 'node:path';
import type { Env } from '../env.ts';

/**
 * The first line of every command that works on a shop: which shop (the config's title
 * and id) and where its data is, e.g. `Crumb & Co. Bakehouse (crumb), ./data/shop.sqlite`,
 * so a command run with the wrong settings (the demo's) says so before it does anything.
 */
export function shopBanner(shop: { id: string; title: string } | undefined, env: Pick<Env, 'databaseUrl' | 'dataDir' | 'shopConfig'>): string {
  const who = shop ? `${shop.title} (${shop.id})` : `The shop of ${shownPath(env.shopConfig)}`;
  return `${who}, ${databaseLocation(env)}`;
}

/** The SQLite file, or the PostgreSQL server and database with no password (nor any other query setting). */
export function databaseLocation(env: Pick<Env, 'databaseUrl' | 'dataDir'>): string {
  if (!env.databaseUrl) return shownPath(path.join(env.dataDir, 'shop.sqlite'));
  try {
    const url = new URL(env.databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `PostgreSQL ${user}${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** A path under the working directory as `./data/…`, any other in full. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : file;
}
