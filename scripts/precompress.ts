import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Writes .br and .gz next to every compressible file of the client build, at full
 * strength, once; the server then sends them without compressing per request.
 */
const root = path.resolve(process.argv[2] ?? 'build/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(name)) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  const data = readFileSync(file);
  if (data.length < 1024) continue;
  writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  );
  writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root)}`);
