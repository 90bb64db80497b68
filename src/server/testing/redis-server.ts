import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../reliability/server-process.ts';

/**
 * A Redis of the test's own (issue 37): `redis-server` on a free port, in a temp folder,
 * keeping nothing on disk, so a test can kill it, start it again empty or flush it
 * without touching anyone else's. Where the binary is missing the tests skip with a
 * notice, except in CI, which must run them.
 */
export const REDIS_SERVER = (process.env.PATH ?? '')
  .split(path.delimiter)
  .map((dir) => path.join(dir, 'redis-server'))
  .find((file) => existsSync(file));

if (!REDIS_SERVER) {
  if (process.env.CI) throw new Error('CI must run the Redis restart tests: install redis-server (Debian package redis-server)');
  console.warn('\n  NOTICE: the Redis restart and outage tests are SKIPPED — install redis-server (apt-get install redis-server) to run them.\n');
}

export type TestRedis = {
  url: string;
  /** Kills it (SIGKILL: nothing is saved, clients see their connections drop). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty (nothing happens if it runs). */
  start(): Promise<void>;
  /** SIGSTOP / SIGCONT: it keeps its connections but answers nothing, as a hung or cut-off Redis. */
  freeze(): void;
  thaw(): void;
  /** A command from outside the app, e.g. FLUSHALL. */
  command(name: string, ...args: string[]): Promise<unknown>;
  stop(): Promise<void>;
};

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export async function startTestRedis(): Promise<TestRedis> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-redis-'));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';

  const command = async (name: string, ...args: string[]) => {
    const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    client.on('error', () => {});
    try {
      await client.connect();
      return await client.call(name, ...args);
    } finally {
      client.disconnect();
    }
  };

  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function start() {
    if (running()) return;
    output = '';
    const started = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    live.add(started);
    started.once('exit', () => live.delete(started));
    const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-4000));
    started.stdout!.on('data', keep);
    started.stderr!.on('data', keep);
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
      if ((await command('PING').catch(() => null)) === 'PONG') return;
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function kill() {
    if (!running()) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child!.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url,
    kill,
    start,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    command,
    async stop() {
      child?.kill('SIGCONT');
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
