import { writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { alternate, get, kb, load, LOAD, mean, productPath, ROOT, startApp, startChild, tempDir, type Child, type Row } from './support.ts';

/**
 * Server rendering of a product page (§5: ≥ 0.5 × the static rate of the same bytes, p99
 * ≤ 50 ms). The app renders /p/<variantId> of a demo product with the web build in build/;
 * the yardstick is static-server.ts sending the very answer the app gave once — its br
 * bytes, as a precompressed file, with the app's headers — so the difference left is
 * what the app does per request. Same load and alternation as catalog-vs-static.
 *
 * Repeat requests for a page are answered from the page cache (decision 028), as they are
 * for shoppers; what a page costs when it is not there (its first request, or the first
 * after the catalog changed) is measured too, with a new query string on every request.
 */
const HEADERS = { 'accept-encoding': 'br' };
const TARGET_RATIO = 0.5;
const AIM_RATIO = 0.8;
const TARGET_P99_MS = 50;
/** Headers that belong to one connection or one transfer, or that the static server sets for its file. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'etag', 'last-modified']);

export async function ssrBench(): Promise<Row[]> {
  let app: Child | undefined;
  let fileServer: Child | undefined;
  try {
    app = await startApp('app (demo catalog)', path.join(ROOT, 'demo/catalog.json'));
    const page = await productPath(app.url);
    const first = await get(app.url + page, HEADERS);
    if (first.status !== 200 || first.headers['content-encoding'] !== 'br') {
      throw new Error(`GET ${page} answered ${first.status} with content-encoding ${String(first.headers['content-encoding'])}`);
    }
    const html = zlib.brotliDecompressSync(first.body);
    // a page rendered without the web build would be an error page, not a product
    if (!/^<!DOCTYPE html>/i.test(html.toString('utf8', 0, 20)) || !html.includes('<h1')) throw new Error(`GET ${page} is not a rendered product page (is build/ there?)`);

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(first.headers)) {
      if (!NOT_COPIED.has(name) && typeof value === 'string') headers[name] = value;
    }
    const staticDir = tempDir('ssr-static');
    writeFileSync(path.join(staticDir, 'page.html'), html);
    writeFileSync(path.join(staticDir, 'page.html.br'), first.body);
    fileServer = await startChild('static server', 'bench/static-server.ts', { STATIC_DIR: staticDir, STATIC_HEADERS: JSON.stringify(headers) }, '/page.html');
    const same = await get(`${fileServer.url}/page.html`, HEADERS);
    const missing = Object.keys(headers).filter((h) => same.headers[h] !== headers[h]);
    if (same.headers['content-encoding'] !== 'br' || !same.body.equals(first.body) || missing.length) {
      throw new Error(`the static server does not send the same br bytes and headers as ${page}${missing.length ? ` (differs in ${missing.join(', ')})` : ''}`);
    }

    const targets = { ssr: [app, app.url + page], static: [fileServer, `${fileServer.url}/page.html`] } as const;
    console.log(`  ssr: ${page}, ${first.body.length} B br (${html.length} B html); warm-up ${LOAD.warmupS} s each, ${LOAD.connections} connections`);
    const runs = await alternate('', targets, HEADERS);
    const rates = { ssr: runs.ssr.map((r) => r.requests.average), static: runs.static.map((r) => r.requests.average) };
    const ssrRate = mean(rates.ssr);
    const staticRate = mean(rates.static);
    const ratio = ssrRate / staticRate;
    const perRound = rates.ssr.map((s, i) => (s / rates.static[i]!).toFixed(2)).join(', ');
    // the worst round's p99: autocannon's histograms cannot be merged afterwards
    const p99 = Math.max(...runs.ssr.map((r) => r.latency.p99));
    // one request at a time: the render's own latency, without waiting behind other renders
    const alone = await load(app, app.url + page, LOAD.durationS / 2, HEADERS, 1);
    console.log(`  one connection: ssr ${alone.requests.average.toFixed(0)} req/s  p50 ${alone.latency.p50} ms  p99 ${alone.latency.p99} ms`);
    const rendered = await load(app, `${app.url}${page}?render=[<id>]`, LOAD.durationS, HEADERS);
    console.log(`  every request rendered: ${rendered.requests.average.toFixed(0)} req/s  p50 ${rendered.latency.p50} ms  p99 ${rendered.latency.p99} ms`);
    const cpu = { ssr: runs.ssr.flatMap((r) => r.cpuPerReq ?? []), static: runs.static.flatMap((r) => r.cpuPerReq ?? []) };
    const cpuRows: Row[] = cpu.ssr.length === LOAD.rounds && cpu.static.length === LOAD.rounds
      ? [{ name: '  server CPU per request, SSR / static', figure: `${mean(cpu.ssr).toFixed(0)} / ${mean(cpu.static).toFixed(0)} µs`, note: 'less disturbed by other load than req/s' }]
      : [];
    const perResponse = (name: keyof typeof targets) => `${mean(runs[name].map((r) => r.throughput.total / r.requests.total)).toFixed(0)} B with headers`;
    return [
      { name: 'SSR /p/:sku rate / static rate', figure: ratio.toFixed(2), target: `≥ ${TARGET_RATIO.toFixed(2)} (aim ≥ ${AIM_RATIO.toFixed(2)})`, ok: ratio >= TARGET_RATIO, note: `per round ${perRound}; ${page}` },
      {
        name: 'SSR /p/:sku p99 latency',
        figure: `${p99} ms`,
        target: `≤ ${TARGET_P99_MS} ms`,
        ok: p99 <= TARGET_P99_MS,
        note: `worst round; p99 per round ${runs.ssr.map((r) => r.latency.p99).join(', ')} ms, p50 ${runs.ssr.map((r) => r.latency.p50).join(', ')} ms; ${LOAD.connections} connections at once`,
      },
      { name: '  SSR p99, one request at a time', figure: `${alone.latency.p99} ms`, note: `p50 ${alone.latency.p50} ms, ${alone.requests.average.toFixed(0)} req/s; information: no queueing behind other renders` },
      { name: `  ${page} (SSR, br)`, figure: `${ssrRate.toFixed(0)} req/s` },
      {
        name: '  SSR with every request rendered',
        figure: `${rendered.requests.average.toFixed(0)} req/s, p99 ${rendered.latency.p99} ms`,
        note: `a new query string each time, so the page cache never has the page: render and compression per request${rendered.cpuPerReq === null ? '' : `, ${rendered.cpuPerReq.toFixed(0)} µs of server CPU each`}; p50 ${rendered.latency.p50} ms; ${LOAD.connections} connections`,
      },
      { name: '  static page.html.br, same bytes and headers', figure: `${staticRate.toFixed(0)} req/s`, note: `p99 ${runs.static.map((r) => r.latency.p99).join(', ')} ms` },
      ...cpuRows,
      { name: '  bytes per response, SSR / static', figure: `${perResponse('ssr')} / ${perResponse('static')}`, note: `body ${kb(first.body.length)} br, ${kb(html.length)} html` },
    ];
  } finally {
    await fileServer?.stop();
    await app?.stop();
  }
}
