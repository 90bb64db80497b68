import path from 'node:path';
import { injectManifest } from 'workbox-build';

/**
 * Writes into the built service worker the list of files it precaches: every hashed
 * script and style of the client build, React Router's route manifest included (it is
 * written last, after the worker is compiled). Decision 023.
 *
 *   tsx scripts/precache-list.ts build/client
 */
const root = path.resolve(process.argv[2] ?? 'build/client');
const sw = path.join(root, 'sw.js');
const { count, size, warnings } = await injectManifest({
  swSrc: sw,
  swDest: sw,
  globDirectory: root,
  globPatterns: ['assets/**/*.{js,css}'],
  // the names carry their content's hash: no revision needed
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 1024 * 1024,
});
for (const warning of warnings) console.warn(`precache: ${warning}`);
console.log(`service worker precaches ${count} files (${Math.round(size / 1024)} KiB)`);
