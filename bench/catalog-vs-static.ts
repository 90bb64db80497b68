import { writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bigCatalog } from '../src/server/testing/big-catalog.ts';
import { GZIP, servedAs, startFastifyStatic, startNginx } from './nginx-server.ts';
import { alternate, bytesPerResponse, cpuText, get, kb, LOAD, rateOf, rateRatio, ROOT, startApp, tempDir, type Child, type Load, type Row } from './support.ts';

/**
 * `GET /api/catalog` against nginx `gzip_static` sending the same gzip bytes with the same
 * headers (issue 25: ≥ 0.95 of nginx's rate), on the demo catalog and on 1,000 products;
 * bench/static-server.ts (Fastify) on the demo catalog's bytes too, as a detail.
 */
const PRODUCTS = 1000;
const TARGET = 0.95;

/** The demo catalog grown to `count` products, written as a seed file in `dir`. */
export function writeBigCatalog(dir: string, count: number = PRODUCTS): string {
  const out = path.join(dir, `catalog-${count}.json`);
  writeFileSync(out, bigCatalog(count));
  return out;
}

type Measured = { products: number; gzip: number; json: number; runs: Record<'app' | 'nginx', Load[]> & { fastify?: Load[] } };

/** The app on `seed`, its gzip answer served by nginx (and Fastify), all three alternated under the same load. */
async function measure(label: string, seed: string, withFastify: boolean): Promise<Measured> {
  const yardsticks: Child[] = [];
  const app = await startApp(`app (${label})`, seed);
  try {
    const served = servedAs('catalog.json', await get(`${app.url}/api/catalog`, GZIP));
    const json = zlib.gunzipSync(served.gzip);
    const products = (JSON.parse(json.toString()) as { products: unknown[] }).products.length;
    const nginx = await startNginx([served]);
    yardsticks.push(nginx);
    const fastify = withFastify ? await startFastifyStatic(served) : undefined;
    if (fastify) yardsticks.push(fastify);
    console.log(`  catalog (${label}): ${products} products, ${served.gzip.length} B gzip (${json.length} B json); warm-up ${LOAD.warmupS} s each`);
    const targets: Record<string, readonly [Child, string]> = { app: [app, `${app.url}/api/catalog`], nginx: [nginx, `${nginx.url}/catalog.json`] };
    if (fastify) targets.fastify = [fastify, `${fastify.url}/catalog.json`];
    const runs = (await alternate(label, targets, GZIP)) as Measured['runs'];
    return { products, gzip: served.gzip.length, json: json.length, runs };
  } finally {
    for (const y of yardsticks) await y.stop();
    await app.stop();
  }
}

export async function catalogVsStatic(): Promise<Row[]> {
  const demo = await measure('demo catalog', path.join(ROOT, 'demo/catalog.json'), true);
  const big = await measure(`${PRODUCTS} products`, writeBigCatalog(tempDir('catalog')), false);
  if (big.products !== PRODUCTS) throw new Error(`/api/catalog has ${big.products} products, expected ${PRODUCTS}`);
  const rows: Row[] = [];
  for (const m of [demo, big]) {
    const { ratio, perRound } = rateRatio(m.runs.app, m.runs.nginx);
    const what = m === demo ? `demo catalog, ${m.products} products` : `${m.products} products`;
    rows.push(
      {
        name: `${m === demo ? '' : '  '}/api/catalog rate ÷ nginx rate (${what})`,
        figure: ratio.toFixed(2),
        target: `≥ ${TARGET.toFixed(2)}`,
        ok: ratio >= TARGET,
        note: `per round ${perRound}; gzip on both sides`,
      },
      {
        name: `  /api/catalog / nginx gzip_static, ${what}`,
        figure: `${rateOf(m.runs.app).toFixed(0)} / ${rateOf(m.runs.nginx).toFixed(0)} req/s`,
        note: `p99 ${m.runs.app.map((r) => r.latency.p99).join(', ')} / ${m.runs.nginx.map((r) => r.latency.p99).join(', ')} ms`,
      },
      {
        name: `  server CPU per request, app / nginx, ${what}`,
        figure: `${cpuText(m.runs.app)} / ${cpuText(m.runs.nginx)} µs`,
        note: "nginx's workers together; less disturbed by other load than req/s",
      },
    );
    if (m.runs.fastify) {
      const fastify = rateRatio(m.runs.app, m.runs.fastify);
      rows.push({
        name: `  /api/catalog rate ÷ Fastify static rate (${what})`,
        figure: fastify.ratio.toFixed(2),
        note: `per round ${fastify.perRound}; ${rateOf(m.runs.fastify).toFixed(0)} req/s, ${cpuText(m.runs.fastify)} µs CPU each: the same framework per request as the app`,
      });
    }
    rows.push({
      name: `  bytes per response, app / nginx, ${what}`,
      figure: `${bytesPerResponse(m.runs.app).toFixed(0)} / ${bytesPerResponse(m.runs.nginx).toFixed(0)} B`,
      note: `body ${m.gzip} B gzip, ${kb(m.json)} json; the rest is headers`,
    });
  }
  return rows;
}
