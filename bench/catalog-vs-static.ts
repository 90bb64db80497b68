import { writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bigCatalog } from '../src/server/testing/big-catalog.ts';
import { alternate, get, kb, LOAD, mean, startApp, startChild, tempDir, type Child, type Row } from './support.ts';

const PRODUCTS = 1000;
const HEADERS = { 'accept-encoding': 'br' };

/** The demo catalog grown to `count` products, written as a seed file in `dir`. */
export function writeBigCatalog(dir: string, count: number = PRODUCTS): string {
  const out = path.join(dir, `catalog-${count}.json`);
  writeFileSync(out, bigCatalog(count));
  return out;
}

export async function catalogVsStatic(): Promise<Row[]> {
  const work = tempDir('catalog');
  const seed = writeBigCatalog(work);
  let app: Child | undefined;
  let fileServer: Child | undefined;
  try {
    app = await startApp('app (1,000 products)', seed);
    const first = await get(`${app.url}/api/catalog`, HEADERS);
    if (first.status !== 200 || first.headers['content-encoding'] !== 'br') {
      throw new Error(`/api/catalog answered ${first.status} with content-encoding ${String(first.headers['content-encoding'])}`);
    }
    const json = zlib.brotliDecompressSync(first.body);
    const count = (JSON.parse(json.toString()) as { products: unknown[] }).products.length;
    if (count !== PRODUCTS) throw new Error(`/api/catalog has ${count} products, expected ${PRODUCTS}`);

    const staticDir = tempDir('static');
    writeFileSync(path.join(staticDir, 'catalog.json'), json);
    writeFileSync(path.join(staticDir, 'catalog.json.br'), first.body);
    fileServer = await startChild('static server', 'bench/static-server.ts', { STATIC_DIR: staticDir }, '/catalog.json');
    const same = await get(`${fileServer.url}/catalog.json`, HEADERS);
    if (same.headers['content-encoding'] !== 'br' || !same.body.equals(first.body)) {
      throw new Error('the static server does not send the same br bytes as /api/catalog');
    }

    const targets = { catalog: [app, `${app.url}/api/catalog`], static: [fileServer, `${fileServer.url}/catalog.json`] } as const;
    console.log(`  catalog-vs-static: ${count} products, ${first.body.length} B br (${json.length} B json); warm-up ${LOAD.warmupS} s each`);
    const runs = await alternate('', targets, HEADERS);
    const rates = { catalog: runs.catalog.map((r) => r.requests.average), static: runs.static.map((r) => r.requests.average) };
    const bytes = { catalog: runs.catalog.map((r) => r.throughput.total / r.requests.total), static: runs.static.map((r) => r.throughput.total / r.requests.total) };
    const cpu = { catalog: runs.catalog.flatMap((r) => r.cpuPerReq ?? []), static: runs.static.flatMap((r) => r.cpuPerReq ?? []) };
    const cat = mean(rates.catalog);
    const stat = mean(rates.static);
    const ratio = cat / stat;
    const perRound = rates.catalog.map((c, i) => (c / rates.static[i]!).toFixed(2)).join(', ');
    const cpuRows = cpu.catalog.length === LOAD.rounds && cpu.static.length === LOAD.rounds
      ? [{ name: '  server CPU per request, catalog / static', figure: `${mean(cpu.catalog).toFixed(0)} / ${mean(cpu.static).toFixed(0)} µs`, note: 'less disturbed by other load than req/s' }]
      : [];
    const perResponse = (name: keyof typeof targets, body: number) => `${body} B body, ${mean(bytes[name]).toFixed(0)} B with headers`;
    return [
      { name: 'catalog rate / static rate', figure: ratio.toFixed(2), target: '≥ 0.80 (aim ≥ 0.95)', ok: ratio >= 0.8, note: `per round ${perRound}` },
      { name: '  /api/catalog (1,000 products, br)', figure: `${cat.toFixed(0)} req/s` },
      { name: '  static catalog.json.br', figure: `${stat.toFixed(0)} req/s` },
      ...cpuRows,
      { name: '  bytes per response, catalog', figure: perResponse('catalog', first.body.length) },
      { name: '  bytes per response, static', figure: perResponse('static', same.body.length) },
      { name: '  catalog uncompressed JSON', figure: kb(json.length) },
    ];
  } finally {
    await fileServer?.stop();
    await app?.stop();
  }
}
