import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a child process (`node --import tsx src/server/main.ts`), for tests
 * that need what an in-process app cannot give: a process that can be killed (-9), a
 * restart on the same database, several instances behind a proxy.
 *
 *   const server = await startServerProcess({ env: serverEnv({ location, shopConfig }) });
 *   await fetch(`${server.url}/healthz`);
 *   server.kill('SIGKILL');
 *   await server.exited; // { code: null, signal: 'SIGKILL' }
 *
 * The child is `node` itself, not a wrapper (npx, tsx's CLI), so a signal reaches the
 * server and nothing in between. It counts as started once it has printed main.ts's
 * "Shop running at http://127.0.0.1:<port>" and /healthz answers 200. A child still
 * running when the test process exits is killed then, whatever the test did.
 */

/** The repository root: the child runs from here, so tsx and the relative defaults resolve. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const HOST = '127.0.0.1';
/** The end-to-end tests' ports when fixed as of old (E2E_PORT_BASE=4173; a run's own block is picked below the ephemeral range): never hand one out. */
const RESERVED_PORTS = { from: 4173, to: 4190 };

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  /** http://127.0.0.1:port */
  url: string;
  port: number;
  pid: number;
  /** Sends the signal to the server process (SIGKILL: no handler runs, nothing is flushed or closed). */
  kill(signal?: NodeJS.Signals): void;
  /** SIGTERM, as systemd stops it (in-flight requests finish, the database closes); SIGKILL if it is still running after `graceMs`. */
  stop(graceMs?: number): Promise<ServerExit>;
  /** Settles when the process has ended, with its exit code or the signal that ended it. */
  exited: Promise<ServerExit>;
  /** The last few KB of its stdout and stderr, for a failure message. */
  output(): string;
};

export type ServerProcessOptions = {
  /** The server's environment (see env.ts and serverEnv); PORT and HOST are set here. */
  env: Record<string, string | undefined>;
  /** A fixed port; else the OS picks a free one (and a start that loses the port to someone else is tried again on another). */
  port?: number;
  /** How long to wait for /healthz to answer 200. */
  readyTimeoutMs?: number;
};

const live = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** A port nothing listens on now: the OS picks one for port 0, then lets it go. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, HOST, () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    if (port < RESERVED_PORTS.from || port > RESERVED_PORTS.to) return port;
  }
}

/** The nginx binary of the Debian package, if installed (the scale-out test and the bench run it). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * An nginx.conf for nginx run as a child (`nginx -p dir -c dir/nginx.conf -g 'daemon off;'`):
 * its pid, error log and temp files all in `dir`, no access log, and `http` as the rest of
 * the http block.
 */
export function nginxConfig(dir: string, workers: number | 'auto', http: string): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes ${workers};
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${http}
}
`;
}

/**
 * The environment of a server on a test database (`location` from testing/databases.ts):
 * only the API (no web build), the catalog as it is in the database (no seed), warnings
 * and errors logged. Instances given the same `authSecret` accept each other's tokens.
 */
export function serverEnv(options: {
  location: { databaseUrl: string | undefined; dataDir: string };
  shopConfig: string;
  authSecret?: string;
  extra?: Record<string, string | undefined>;
}): Record<string, string | undefined> {
  return {
    DATA_DIR: options.location.dataDir,
    DATABASE_URL: options.location.databaseUrl,
    SHOP_CONFIG: options.shopConfig,
    SEED_CATALOG: '',
    BUILD_DIR: path.join(options.location.dataDir, 'no-web-build'),
    MEDIA_DIR: path.join(options.location.dataDir, 'no-media'),
    LOG_LEVEL: 'warn',
    // no .env: a developer's own file must not reach a test's server either
    ENV_FILE: '',
    AUTH_SECRET: options.authSecret ?? randomBytes(32).toString('hex'),
    ...options.extra,
  };
}

/**
 * Only these come from the test's own environment: whatever else the developer or CI has
 * set (DATABASE_URL, SMTP_URL, OWNER_EMAIL, NODE_OPTIONS…) must not reach the server.
 */
const INHERITED = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'TZ', 'SystemRoot'];

/** Starts the server and resolves once /healthz answers 200; throws with its output if it exits or does not get there. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    try {
      return await startOn(port, options);
    } catch (err) {
      // between freePort and the child's listen another process may have taken the port
      const lostPort = err instanceof Error && err.message.includes('EADDRINUSE');
      if (!lostPort || options.port !== undefined || attempt >= 3) throw err;
    }
  }
}

async function startOn(port: number, options: ServerProcessOptions): Promise<ServerProcess> {
  const env: Record<string, string> = {};
  for (const name of INHERITED) if (process.env[name] !== undefined) env[name] = process.env[name];
  for (const [name, value] of Object.entries({ ...options.env, PORT: String(port), HOST })) if (value !== undefined) env[name] = value;

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let output = '';
  // main.ts prints this once it listens: proof that the answer on the port is this process
  // and not another that took the port meanwhile
  const announcement = `Shop running at http://${HOST}:${port}`;
  let announced = false;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
    announced ||= output.includes(announcement);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', () => live.delete(child));
  // 'close' comes after 'exit' once its output is all read, so a failure message has the last words
  const exited = new Promise<ServerExit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  // a spawn that fails (no such executable) emits 'error', and maybe no 'exit'
  let spawnFailure: Error | undefined;
  child.once('error', (err) => (spawnFailure = err));
  const running = () => child.exitCode === null && child.signalCode === null;

  const url = `http://${HOST}:${port}`;
  const kill = (signal: NodeJS.Signals = 'SIGKILL') => {
    if (running()) child.kill(signal);
  };
  const server: ServerProcess = {
    url,
    port,
    pid: child.pid ?? -1,
    kill,
    exited,
    output: () => output,
    async stop(graceMs = 15_000) {
      kill('SIGTERM');
      const killer = setTimeout(() => kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(killer);
      }
    },
  };

  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (spawnFailure) throw spawnFailure;
      if (!running()) {
        const how = await exited;
        throw new Error(`the server exited (${how.signal ?? `code ${how.code}`}) before it answered /healthz:\n${output}`);
      }
      const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
        (res) => res.status === 200,
        () => false,
      );
      if (healthy && announced && running()) return server;
      if (Date.now() > deadline) throw new Error(`the server did not answer /healthz with 200 within ${timeoutMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (err) {
    kill('SIGKILL');
    if (!spawnFailure) await exited;
    throw err;
  }
}
