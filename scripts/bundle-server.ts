import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build:server`'s last step (decision 066): the server tsc compiled into build/app
 * and React Router's server build (build/server/index.js) bundled together, minified, into
 * build/app again: `server/main.js` (what `npm start`, the Dockerfile and the systemd unit
 * run) and `server/web-build.js` (the pages, which start.ts loads instead of
 * build/server/index.js when it is there), with the code both use (React, React Router,
 * zod …) in shared chunks, once. About 11 MB less RSS with 10k products after the memory
 * bench's warm-up: fewer and smaller module sources and objects in V8's heap, zod's
 * locales and react-dom's legacy renderer left out.
 *
 * Left outside, loaded from node_modules at run time: native code (better-sqlite3, sharp),
 * and what only some shops or some requests load, through `lazyModule` or `import()`.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APP = path.join(ROOT, 'build/app');
const OUT = path.join(ROOT, 'build/app-bundle');
const WEB_BUILD = path.join(ROOT, 'build/server/index.js');

const EXTERNAL = ['better-sqlite3', 'sharp', 'pg', 'pg-native', 'ioredis', 'nodemailer', 'web-push', '@zxcvbn-ts/language-common', 'qrcode', 'tar'];

/** `react-dom/server` loads the legacy renderer (renderToString) beside the stream one; entry.server uses only the stream one. */
const streamRendererOnly: Plugin = {
  name: 'react-dom-server-stream-only',
  setup(b) {
    b.onResolve({ filter: /^react-dom\/server$/ }, () => ({ path: path.join(ROOT, 'node_modules/react-dom/cjs/react-dom-server.node.production.js') }));
  },
};

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: {
    'server/main': path.join(APP, 'server/main.js'),
    // without a web build (`npm run build:server` alone) the server runs the API only, as before
    ...(existsSync(WEB_BUILD) ? { 'server/web-build': WEB_BUILD } : {}),
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  // minified names keep about 3 MB less after the memory bench's warm-up than readable ones; the maps beside
  // the files are read only when node runs with --enable-source-maps (docs/deployment.md), to read a stack trace
  sourcemap: 'linked',
  // source text in V8 stays one byte per character (decision 066): one character past U+00FF
  // anywhere in a file makes V8 keep the whole file's source at two bytes per character
  charset: 'ascii',
  // licence comments go to a .LEGAL.txt beside each file, not into the source V8 keeps
  legalComments: 'linked',
  // jsonc-parser's "main" is a UMD build that requires its parts by computed paths
  mainFields: ['module', 'main'],
  external: EXTERNAL,
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [streamRendererOnly],
  // CommonJS packages inside the bundle call require for node's own modules
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
// esbuild's ASCII charset escapes strings and names but not regular expressions' literal text:
// such a character is written `\uXXXX` in our source, and a package's would be caught here
for (const file of readdirSync(OUT, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))) {
  const text = readFileSync(path.join(OUT, file), 'latin1');
  const at = text.search(/[\u0080-\u00ff]/);
  if (at >= 0)
    throw new Error(
      `build/app/${file} is not ASCII at ${at} (…${text.slice(Math.max(0, at - 40), at + 10)}…): V8 would keep its whole source at two bytes per character`,
    );
}
rmSync(APP, { recursive: true, force: true });
renameSync(OUT, APP);
