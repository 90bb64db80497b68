import os from 'node:os';
import { catalogVsStatic } from './catalog-vs-static.ts';
import { firstLoadJs } from './first-load-js.ts';
import { lighthouseBench } from './lighthouse.ts';
import { ordersBench } from './orders.ts';
import { searchBench } from './search.ts';
import { RUN_WATCHDOG_MS, runCleanups, stopAll, type Row } from './support.ts';

/**
 * `npm run bench`: every benchmark, one after the other, then one table. Figures only:
 * a ✗ is something to look at, not a failed test, and the exit code stays 0 unless a
 * benchmark could not run at all. Rates are compared as ratios measured in the same run.
 */
const benchmarks: Array<{ name: string; run: () => Promise<Row[]> }> = [
  { name: 'catalog-vs-static', run: catalogVsStatic },
  { name: 'first-load-js', run: firstLoadJs },
  { name: 'search', run: searchBench },
  { name: 'orders', run: ordersBench },
  { name: 'lighthouse', run: lighthouseBench },
];

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping child processes and removing temp dirs…`);
    void stopAll().finally(() => process.exit(130));
  });
}
// a hard stop well past the expected ~5 minutes, so a hung server never keeps anyone waiting
const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${RUN_WATCHDOG_MS / 60_000} minutes; giving up`);
  void stopAll().finally(() => process.exit(1));
}, RUN_WATCHDOG_MS);
watchdog.unref();

const rows: Row[] = [];
let failed = false;
const started = Date.now();
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
console.log(`bench: ${os.cpus().length} cores, load average ${load()} (other work on the machine skews req/s)`);
try {
  for (const b of benchmarks) {
    if (interrupted) break;
    console.log(`▶ ${b.name}`);
    const t0 = Date.now();
    try {
      rows.push(...(await b.run()));
    } catch (err) {
      failed = true;
      console.error(`  ${b.name} could not run: ${err instanceof Error ? err.message : String(err)}`);
      rows.push({ name: b.name, figure: 'did not run', target: '', ok: false });
    }
    console.log(`  (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
} finally {
  await runCleanups();
}

printTable(rows);
console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s in all; load average now ${load()}. Ratios come from the same run; absolute figures depend on the machine.`);
process.exit(failed ? 1 : 0);

function printTable(table: Row[]): void {
  const cells = table.map((r) => [r.name, r.figure, r.target ?? '', r.ok === undefined ? '' : r.ok ? '✓' : '✗', r.note ?? '']);
  const head = ['benchmark', 'figure', 'target', 'verdict', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => '─'.repeat(w)).join('  ').trimEnd()}`);
  for (const c of cells) console.log(line(c));
}
