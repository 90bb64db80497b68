import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAuthSecret } from './auth-secret.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadAuthSecret', () => {
  it('makes a 32-byte secret on first start, keeps it private, and reads the same one afterwards', () => {
    const dir = tempDir();
    const first = loadAuthSecret(undefined, dir);
    expect(first).toHaveLength(32);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadAuthSecret(undefined, dir)).equals(Buffer.from(first))).toBe(true);
  });

  it('takes AUTH_SECRET when set, and refuses a short or malformed one', () => {
    const hex = 'ab'.repeat(32);
    expect(Buffer.from(loadAuthSecret(hex, tempDir())).toString('hex')).toBe(hex);
    expect(() => loadAuthSecret('too-short', tempDir())).toThrow(/AUTH_SECRET/);
  });
});
