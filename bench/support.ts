import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
// the tests' own: a port the OS hands out, never one the end-to-end tests use
import { freePort } from '../src/server/reliability/server-process.ts';
// node's options and malloc settings for SERVER_MAIN, the same as in `npm start`, the Dockerfile and the systemd unit (decision 055)
import { SERVER_ENV, SERVER_NODE_OPTIONS } from '../scripts/production-runtime.ts';

/** The repository root: children run from here so tsx and the relative defaults resolve. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The server compiled by `npm run build`, run with plain node as `npm start` and the Dockerfile run it (decision 029). */
export const SERVER_MAIN = 'build/app/server/main.js';
export const HOST = '127.0.0.1';
/** run.ts gives up this long after the process starts, so a hung server never keeps anyone waiting. */
export const RUN_WATCHDOG_MS = 15 * 60_000;

/** What run.ts prints: one row per figure; a row without `ok` is information, not a verdict. */
export type Row = { name: string; figure: string; target?: string; ok?: boolean; note?: string };

// Everything still to undo, newest first: run.ts calls runCleanups on SIGINT/SIGTERM too.
const cleanups: Array<() => Promise<void>> = [];

export function onCleanup(fn: () => Promise<void>): () => Promise<void> {
  let done = false;
  const once = async () => {
    if (done) return;
    done = true;
    cleanups.splice(cleanups.indexOf(once), 1);
    await fn();
  };
  cleanups.unshift(once);
  return once;
}

export async function runCleanups(): Promise<void> {
  for (const fn of [...cleanups]) await fn().catch((err: unknown) => console.error('cleanup failed:', err));
}

// After an interrupt nothing new starts; whatever a running benchmark made meanwhile is
// removed synchronously when the process exits, the last chance to do it.
let stopping = false;
const liveChildren = new Set<ChildProcess>();
const liveDirs = new Set<string>();
export function stopAll(): Promise<void> {
  stopping = true;
  return runCleanups();
}
const ensureRunning = () => {
  if (stopping) throw new Error('interrupted');
};
process.on('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  ensureRunning();
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${prefix}-`));
  liveDirs.add(dir);
  onCleanup(async () => {
    rmSync(dir, { recursive: true, force: true });
    liveDirs.delete(dir);
  });
  return dir;
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET whose body comes back exactly as sent (no decompression, unlike fetch). */
export function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

export type Child = {
  url: string;
  proc: ChildProcess;
  stop: () => Promise<void>;
  /** The processes whose CPU time is the server's (nginx: its workers); the child alone when absent. */
  pids?: number[];
};

/**
 * Runs `node <script>` (compiled JavaScript) or `node --import tsx <script>` (TypeScript,
 * the benchmark's own helpers) from the repo root with the given env, and waits
 * (60 s unless told) until `readyPath` answers 200. Output is kept to show if it dies.
 */
export async function startChild(label: string, script: string, env: Record<string, string>, readyPath: string, readyTimeoutMs = 60_000): Promise<Child> {
  if (!existsSync(path.join(ROOT, script))) throw new Error(`${script} is missing: run \`npm run build\` first`);
  const port = await freePort();
  // as npm start and the Dockerfile run the server (scripts/production-runtime.ts): NODE_ENV=production and malloc's settings
  const childEnv = {
    ...process.env,
    ...SERVER_ENV,
    ...env,
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'warn',
  };
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : script === SERVER_MAIN ? [...SERVER_NODE_OPTIONS, script] : [script];
  return startProcess(label, process.execPath, args, childEnv, `http://${HOST}:${port}`, readyPath, readyTimeoutMs);
}

/**
 * Runs `command` from the repo root and waits until `url + readyPath` answers 200; the
 * process is stopped (SIGTERM, then SIGKILL) at cleanup or when the bench exits.
 */
export async function startProcess(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  readyPath: string,
  readyTimeoutMs = 60_000,
): Promise<Child> {
  ensureRunning();
  const proc = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (c: Buffer) => (output = (output + c.toString()).slice(-4000));
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  liveChildren.add(proc);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve(void liveChildren.delete(proc))));
  const stop = onCleanup(async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  });
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`${label} exited (${proc.exitCode ?? proc.signalCode}) before it was ready:\n${output}`);
    const res = await get(url + readyPath).catch(() => null);
    if (res?.status === 200) return { url, proc, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not answer ${readyPath} within ${readyTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A bench's load comes from one machine, a shop's from many: its apps let one client have
 * every page rendered that it asks for (PAGE_RENDER_LIMIT, decision 077), as they lift the
 * order limits.
 */
export const NO_RENDER_LIMIT = '0';

/** The storefront itself, on a fresh SQLite directory seeded from `seedCatalog`, with the demo's shop config unless told. */
export function startApp(label: string, seedCatalog: string, shopConfig = path.join(ROOT, 'demo/shop.config.json')): Promise<Child> {
  const env = { DATA_DIR: tempDir('data'), SEED_CATALOG: seedCatalog, SHOP_CONFIG: shopConfig, PAGE_RENDER_LIMIT: NO_RENDER_LIMIT };
  return startChild(label, SERVER_MAIN, env, '/healthz');
}

/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is none. */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 100 Hz ticks
  } catch {
    return null;
  }
}

/** CPU time of several processes together (nginx's workers), ms; null if any has none. */
function totalCpuMs(pids: Array<number | undefined>): number | null {
  let sum = 0;
  for (const pid of pids) {
    const ms = cpuMs(pid);
    if (ms === null) return null;
    sum += ms;
  }
  return sum;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Resident memory of a process from /proc/<pid>/status, in bytes: now (VmRSS) and its peak so far (VmHWM); null where there is none. */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s*(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    const rss = field('VmRSS');
    const peak = field('VmHWM');
    return Number.isFinite(rss) && Number.isFinite(peak) ? { rss, peak } : null;
  } catch {
    return null;
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The load every rate comparison uses, so their figures compare: 10 connections, no pipelining. */
export const LOAD = { connections: 10, durationS: 8, warmupS: 2, rounds: 2 } as const;

export type Load = Result & { cpuPerReq: number | null };

/** One autocannon run, plus the server's CPU time per request (µs), which other load on the machine disturbs less. */
export async function load(
  server: Child,
  url: string,
  duration: number,
  headers: Record<string, string>,
  connections: number = LOAD.connections,
): Promise<Load> {
  const cpuOf = () => totalCpuMs(server.pids ?? [server.proc.pid]);
  const cpu0 = cpuOf();
  // `[<id>]` in the URL makes every request's address a new one
  const result = await autocannon({ url, connections, pipelining: 1, duration, headers, idReplacement: url.includes('[<id>]') });
  const cpu1 = cpuOf();
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  const cpuPerReq = cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) * 1000) / result.requests.total;
  return { ...result, cpuPerReq };
}

/**
 * Two (or more) servers under the same load, alternately: a warm-up each, then LOAD.rounds
 * rounds of every target in turn, so a burst of other work on the machine hits both
 * alike. Prints a line per run; answers every target's runs in order.
 */
export async function alternate<K extends string>(
  label: string,
  targets: Record<K, readonly [Child, string]>,
  headers: Record<string, string>,
): Promise<Record<K, Load[]>> {
  const names = Object.keys(targets) as K[];
  for (const name of names) await load(targets[name][0], targets[name][1], LOAD.warmupS, headers);
  const runs = Object.fromEntries(names.map((n) => [n, [] as Load[]])) as Record<K, Load[]>;
  const width = Math.max(...names.map((n) => n.length));
  for (let round = 1; round <= LOAD.rounds; round++) {
    for (const name of names) {
      const [server, url] = targets[name];
      const r = await load(server, url, LOAD.durationS, headers);
      runs[name].push(r);
      const cpuText = r.cpuPerReq === null ? '' : `  server CPU ${r.cpuPerReq.toFixed(0)} µs/req`;
      console.log(
        `  ${label ? `${label} ` : ''}round ${round} ${name.padEnd(width)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms${cpuText}`,
      );
    }
  }
  return runs;
}

export const rateOf = (runs: Load[]) => mean(runs.map((r) => r.requests.average));

/** `a`'s rate over `b`'s from one alternate run: the ratio of the mean rates, and each round's. */
export function rateRatio(a: Load[], b: Load[]): { ratio: number; perRound: string } {
  const perRound = a.map((r, i) => (r.requests.average / b[i]!.requests.average).toFixed(2)).join(', ');
  return { ratio: rateOf(a) / rateOf(b), perRound };
}

/** Server CPU per request over the rounds, µs; null where /proc had none for a round. */
function cpuPerRequest(runs: Load[]): number | null {
  const each = runs.flatMap((r) => r.cpuPerReq ?? []);
  return each.length === runs.length ? mean(each) : null;
}

/** cpuPerRequest as text: whole µs, or ? */
export const cpuText = (runs: Load[]) => ((us) => (us === null ? '?' : us.toFixed(0)))(cpuPerRequest(runs));

/** Bytes on the wire per response, headers included, over the rounds. */
export const bytesPerResponse = (runs: Load[]) => mean(runs.map((r) => r.throughput.total / r.requests.total));

/** A product page that exists: the first product of GET /api/catalog whose /p/<variantId> answers 200. */
export async function productPath(origin: string): Promise<string> {
  const res = await get(`${origin}/api/catalog`, { 'accept-encoding': 'identity' });
  if (res.status !== 200) throw new Error(`GET /api/catalog answered ${res.status}`);
  const { products } = JSON.parse(res.body.toString('utf8')) as { products: Array<{ variantId?: string }> };
  for (const { variantId } of products.slice(0, 10)) {
    if (!variantId) continue;
    const p = `/p/${encodeURIComponent(variantId)}`;
    if ((await get(origin + p)).status === 200) return p;
  }
  throw new Error(`none of the first products of /api/catalog (${products.length}) has a product page`);
}
