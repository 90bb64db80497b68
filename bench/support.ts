import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: children run from here so tsx and the relative defaults resolve. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HOST = '127.0.0.1';
/** run.ts gives up this long after the process starts, so a hung server never keeps anyone waiting. */
export const RUN_WATCHDOG_MS = 10 * 60_000;

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

/** A port nothing listens on now: the OS picks one for port 0, then we let it go. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
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

export type Child = { url: string; proc: ChildProcess; stop: () => Promise<void> };

/**
 * Runs `node --import tsx <script>` from the repo root with the given env, and waits
 * (60 s at most) until `readyPath` answers 200. Output is kept to show if it dies.
 */
export async function startChild(label: string, script: string, env: Record<string, string>, readyPath: string): Promise<Child> {
  const port = await freePort();
  ensureRunning();
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${label} exited (${proc.exitCode ?? proc.signalCode}) before it was ready:\n${output}`);
    const res = await get(url + readyPath).catch(() => null);
    if (res?.status === 200) return { url, proc, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not answer ${readyPath} within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The storefront itself, on a fresh SQLite directory seeded from `seedCatalog`. */
export function startApp(label: string, seedCatalog: string): Promise<Child> {
  const env = { DATA_DIR: tempDir('data'), SEED_CATALOG: seedCatalog, SHOP_CONFIG: path.join(ROOT, 'demo/shop.config.json') };
  return startChild(label, 'src/server/main.ts', env, '/healthz');
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

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
