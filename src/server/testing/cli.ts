/**
 * What the tests of `npm run shop -- …` (src/server/cli/*-command.test.ts) share: a scratch
 * folder per test file for config, catalog and export files, and the commands' output
 * captured line by line.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/** A new folder for this test file, removed after it; `writeJson` puts a file in it and gives its path. */
export function useScratchDir(): { dir: string; writeJson: (name: string, value: unknown) => string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    writeJson(name, value) {
      const file = path.join(dir, name);
      writeFileSync(file, JSON.stringify(value, null, 2));
      return file;
    },
  };
}

/** The output a command writes (out.log and out.error alike), line by line. */
export function capture() {
  const lines: string[] = [];
  return { lines, out: { log: (m: string) => lines.push(m), error: (m: string) => lines.push(m) } };
}
