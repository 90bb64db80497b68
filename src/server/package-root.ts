import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory of the shop's package.json, found by walking up from this file: src/server
 * when run from source (tests, tsx, `npm run shop`), build/app/server when compiled for
 * `npm start` (decision 029). Files the server reads beside its code are found from here,
 * so neither layout depends on how deep it sits.
 */
export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
