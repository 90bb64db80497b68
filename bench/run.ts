import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogVsStatic } from './catalog-vs-static.ts';
import { firstLoadJs } from './first-load-js.ts';
import { lighthouseBench } from './lighthouse.ts';
import { memoryBench } from './memory.ts';
import { nginxVersion } from './nginx-server.ts';
import { ordersBench } from './orders.ts';
import { SEARCH_RUN, searchBench } from './search.ts';
import { queryClasses } from './search-queries.ts';
import { ssrBench } from './ssr.ts';
import { LOAD, ROOT, RUN_WATCHDOG_MS, runCleanups, stopAll, type Row } from './support.ts';

/**
 * `npm run bench`: every benchmark, one after the other, then one table, on the console and
 * in docs/performance.md. Figures only: a ✗ is something to look at, not a failed test, and
 * the exit code stays 0 unless a benchmark could not run at all. Rates are compared as
 * ratios measured in the same run.
 *
 *   tsx bench/run.ts --only ssr,memory    some of them (names below); docs/performance.md is
 *                                         then left alone unless --write is given too
 *   tsx bench/run.ts --no-write           all of them, without writing docs/performance.md
 */
const benchmarks: Array<{ name: string; run: () => Promise<Row[]> }> = [
  { name: 'catalog-vs-static', run: catalogVsStatic },
  { name: 'ssr', run: ssrBench },
  { name: 'first-load-js', run: firstLoadJs },
  { name: 'search', run: searchBench },
  { name: 'orders', run: ordersBench },
  { name: 'memory', run: memoryBench },
  { name: 'lighthouse', run: lighthouseBench },
];
const REPORT = path.join(ROOT, 'docs/performance.md');

const args = parseArgs(process.argv.slice(2));
const chosen = args.only ? benchmarks.filter((b) => args.only!.includes(b.name)) : benchmarks;
const write = args.write ?? !args.only;

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping child processes and removing temp dirs…`);
    void stopAll().finally(() => process.exit(130));
  });
}
// a hard stop well past the expected ~8 minutes, so a hung server never keeps anyone waiting
const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${RUN_WATCHDOG_MS / 60_000} minutes; giving up`);
  void stopAll().finally(() => process.exit(1));
}, RUN_WATCHDOG_MS);
watchdog.unref();

const rows: Row[] = [];
let failed = false;
const started = new Date();
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const loadBefore = load();
console.log(
  `bench: ${os.cpus().length} cores, load average ${loadBefore} (other work on the machine skews req/s)${args.only ? `; only ${chosen.map((b) => b.name).join(', ')}` : ''}`,
);
try {
  for (const b of chosen) {
    if (interrupted) break;
    console.log(`▶ ${b.name}`);
    const t0 = Date.now();
    try {
      rows.push(...(await b.run()));
    } catch (err) {
      failed = true;
      console.error(`  ${b.name} could not run: ${err instanceof Error ? err.message : String(err)}`);
      rows.push({ name: b.name, figure: 'did not run', target: '', ok: false, note: firstLine(err) });
    }
    console.log(`  (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
} finally {
  await runCleanups();
}

const seconds = Math.round((Date.now() - started.getTime()) / 1000);
const loadAfter = load();
printTable(rows);
console.log(`\n${seconds} s in all; load average now ${loadAfter}. Ratios come from the same run; absolute figures depend on the machine.`);
if (write && !interrupted) {
  writeFileSync(REPORT, report(rows, { started, seconds, loadBefore, loadAfter }));
  console.log(`written: ${path.relative(ROOT, REPORT)}`);
} else if (!write) {
  console.log(`${path.relative(ROOT, REPORT)} left as it was (${args.only ? '--only without --write' : '--no-write'})`);
}
process.exit(failed ? 1 : 0);

function parseArgs(argv: string[]): { only?: string[]; write?: boolean } {
  const out: { only?: string[]; write?: boolean } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--write' || arg === '--no-write') out.write = arg === '--write';
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      const names = (value ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      const unknown = names.filter((n) => !benchmarks.some((b) => b.name === n));
      if (!names.length || unknown.length) usage(`--only ${unknown.length ? `does not know ${unknown.join(', ')}` : 'needs names'}`);
      out.only = [...(out.only ?? []), ...names];
    } else usage(`unknown argument ${arg}`);
  }
  return out;
}

function usage(problem: string): never {
  console.error(`bench: ${problem}\nusage: tsx bench/run.ts [--only name[,name…]] [--write | --no-write]\nnames: ${benchmarks.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
}

function verdict(r: Row): string {
  return r.ok === undefined ? '' : r.ok ? '✓' : '✗';
}

function printTable(table: Row[]): void {
  const cells = table.map((r) => [r.name, r.figure, r.target ?? '', verdict(r), r.note ?? '']);
  const head = ['benchmark', 'figure', 'target', 'verdict', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(
    `\n${line(head)}\n${widths
      .map((w) => '─'.repeat(w))
      .join('  ')
      .trimEnd()}`,
  );
  for (const c of cells) console.log(line(c));
}

/** The commit measured, and whether the working tree differed from it. */
function commit(): string {
  try {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' with uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

function report(table: Row[], run: { started: Date; seconds: number; loadBefore: string; loadAfter: string }): string {
  const cpus = os.cpus();
  const models = [...new Set(cpus.map((c) => c.model.trim()))].join(', ') || 'unknown model';
  const gb = (os.totalmem() / 1024 ** 3).toFixed(1);
  const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
  // a detail row of the one above it: a leading space would vanish in markdown
  const name = (s: string) => (s.startsWith('  ') ? `↳ ${s.trim()}` : `**${s}**`);
  const lines = table.map(
    (r) => `| ${[name(cell(r.name)), cell(r.figure), cell(r.target || '—'), r.ok === undefined ? '—' : r.ok ? '✓' : '✗', cell(r.note ?? '')].join(' | ')} |`,
  );
  const busiest = Math.max(Number(run.loadBefore.split(' ')[0]), Number(run.loadAfter.split(' ')[0]));
  const busy =
    busiest > cpus.length
      ? `\n\nThe machine was busy (1-minute load average up to ${busiest.toFixed(1)} on ${cpus.length} cores): rates, latencies and Lighthouse scores are lower than on a quiet machine; ratios and sizes hold better.`
      : '';
  const partial = args.only ? `\n\nOnly part of the benchmarks ran (\`--only ${args.only.join(',')}\`); run \`npm run bench\` for the whole table.` : '';
  return `# Performance

Written by \`npm run bench\` (bench/run.ts): run it again rather than editing this file.${partial}${busy}

| | |
|---|---|
| date | ${run.started.toISOString()} |
| machine | ${cpus.length} × ${models}; ${gb} GB memory; ${os.type()} ${os.release()} ${os.arch()} |
| Node | ${process.version} |
| load average (1, 5, 15 min) | before ${run.loadBefore}; after ${run.loadAfter} |
| commit | ${commit()} |
| time taken | ${run.seconds} s |

Ratios (catalog and SSR against nginx) compare servers measured alternately in this one run
under the same load, so they carry over to other machines better than rates do; absolute
figures (req/s, ms, MB, Lighthouse scores) depend on this machine and on whatever else was
running on it (see the load average). nginx runs a worker per core while the app is one
process: on a machine busy with other work, nginx gets that many shares of the CPU, so the
server CPU per request beside each ratio is the steadier comparison.

## Figures

Targets are the budgets of the design (ARCHITECTURE.md §5): the first value must hold, the
aim is in brackets. ✓ meets the target, ✗ misses it — something to look at, not a failed
test; — is information without a target of its own; ↳ rows detail the row above.

| benchmark | figure | target | verdict | note |
|---|---|---|---|---|
${lines.join('\n')}

## Notes

- **catalog vs nginx**: \`GET /api/catalog\` of the demo catalog, then of 1,000 products,
  against ${nginxVersion()} with \`gzip_static\` (bench/nginx-server.ts: \`worker_processes auto\`,
  keepalive, \`access_log off\`) serving the very gzip bytes the app sent, as a file and its
  .gz, with the app's headers added (\`add_header … always\`; checked byte for byte and header
  for header before the run). Everyone is asked for gzip (\`accept-encoding: gzip\`). The
  Fastify row is bench/static-server.ts (Fastify + @fastify/static) on the same bytes: the
  framework the app carries per request. autocannon, ${LOAD.connections} connections, a ${LOAD.warmupS} s warm-up each,
  then ${LOAD.rounds} rounds of ${LOAD.durationS} s alternating. Server CPU counts nginx's workers together.
- **SSR \`/p/:sku\`**: a demo product page (the product the orders are for, given plenty of
  stock) rendered with the web build in build/, against nginx and the Fastify static server
  sending that page's gzip bytes with the app's headers; the same load and alternation. Then
  app and nginx again while \`POST /fn/order/create\` places one order a second for that
  product, each with its own \`Idempotency-Key\` as the browser sends it (the shop config's
  order limits per address and contact lifted for the run: the orders come from one address).
  The p99 is the worst round's without orders, with ${LOAD.connections} requests in flight at once, so it
  includes queueing behind other renders.
- **first-load JS**: every script the HTML of \`/\` makes the browser load at once
  (script src, modulepreload, their static imports), gzip size as served. The *library*
  rows split those files by npm package (and by part of the app) from the bundle report a
  build with \`BUNDLE_REPORT=1\` writes (rollup-plugin-visualizer's raw data in
  build/bundle-report.json; \`npm run bench\` builds so): each module's minified bytes, read
  through the source maps, and as its gzip size the same share of its file's gzip size — an
  estimate, as gzip works across module borders.
- **search**: our index (src/domain/search.ts, through \`createSearchIndex\` only) against
  plain uFuzzy in its one-typo mode (\`intraMode: 1\`, first letter exact, terms in any order up
  to 5, ranked when at most 1,000 match; title, variant and category in one string), on the
  same seeded queries over synthetic catalogs of ${SEARCH_RUN.sizes.map((n) => `${n / 1000}k`).join(' and ')} products, in the bench process.
  Per class ${SEARCH_RUN.queries} queries after ${SEARCH_RUN.warmup} others to warm up, each timed alone; the engines take
  turns every ${SEARCH_RUN.chunk} queries, with a full garbage collection before each turn. *time per
  query*: wall-clock p95, p50 and max, and in brackets the p95 of the thread's CPU time, which
  the verdict reads (other work on the machine stretches the wall clock; "preempted" counts
  queries the OS paused, ours / uFuzzy's). *source in top 10*: the share of queries whose
  source product is among the 10 results (many products share words, so nobody reaches 100 %
  on one-word queries, and a lone 3-letter prefix measures speed more than relevance); for
  *no match*, the share that come back empty. The classes:
${queryClasses.map((c) => `  - *${c.name}*: ${c.about}.`).join('\n')}
- **orders**: \`POST /fn/order/create\` for 8 s with 10 shoppers, after 8 s of the same to warm
  the server up (not measured: a running shop's code is optimised), each order with its own
  \`Idempotency-Key\` as the checkout sends (the ↳ row: 8 s more without the key), then 400
  orders for a product with 100 in stock, on SQLite and — with BENCH_DATABASE_URL or
  TEST_DATABASE_URL — on a throwaway PostgreSQL database dropped afterwards. The shop's order
  limiters run for every order but are raised above what one address sends; the server's CPU
  time per order (and its PostgreSQL backends', read from /proc) is in the note.
- **memory**: the server process with 10,000 products (the demo catalog cloned): RSS from
  /proc after the start, after a warm-up (catalog in br, gzip and JSON, the cover, catalog
  and product pages, then a burst of 10 at once), and its peak (VmHWM); the first start
  seeds the catalog, the measured one is a restart on that database.
- **Lighthouse**: mobile defaults (simulated slow 4G, 4× CPU slowdown) in the system
  Chromium, three runs per page round-robin, the median score; noisy on a busy machine.
- Servers run as the Dockerfile runs them: \`node --max-semi-space-size=2 build/app/server/main.js\`
  (the server compiled by \`npm run build\`) with NODE_ENV=production, MALLOC_ARENA_MAX=2 and
  MALLOC_MMAP_THRESHOLD_=32768 (decisions 055 and 069).
`;
}
