import { chmodSync, mkdirSync } from 'node:fs';

/** DATA_DIR, made (or kept) readable by the shop's own user only: it holds the database, the auth secret and the push keys. */
export function privateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700);
}

/** chmod, except on a file another user owns (a mounted volume): the shop still starts, as that owner set it up. */
export function tighten(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}
