import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { privateDataDir } from '../db/data-dir.ts';

const FILE = 'auth-secret';

/**
 * The secret that signs access tokens and keys the one-time codes: AUTH_SECRET (64 hex
 * characters or more) when set — every instance of a shop must share it — else a secret
 * made on first start and kept in the data directory, readable by this user only.
 */
export function loadAuthSecret(envValue: string | undefined, dataDir: string): Uint8Array {
  if (envValue) {
    if (!/^[0-9a-fA-F]{64,}$/.test(envValue)) throw new Error('AUTH_SECRET must be at least 64 hexadecimal characters (32 bytes)');
    return Buffer.from(envValue, 'hex');
  }
  const file = path.join(dataDir, FILE);
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  privateDataDir(dataDir);
  const secret = randomBytes(32);
  // 'wx': two processes starting at once must not overwrite each other's secret
  try {
    writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  }
}
