import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
// the tests' own: a port the OS hands out, never one the end-to-end tests use
import { freePort, NGINX, nginxConfig } from '../src/server/reliability/server-process.ts';
import { get, HOST, startChild, startProcess, tempDir, type Child, type RawResponse } from './support.ts';

/**
 * The yardstick the app's rates are divided by (issue 25): nginx with `gzip_static`
 * serving the very bytes the app sent, as a file and its .gz, with the app's headers —
 * what a shop owner could run instead of the app to serve the same answer, set up as
 * they would (a worker process per core, keepalive, no access log). Fastify with
 * @fastify/static (static-server.ts) is kept as a second yardstick: it carries the same
 * framework per request as the app, so it shows what the framework costs.
 */

/** "nginx 1.22.1", as `nginx -v` says; "nginx (not installed)" without one. */
export function nginxVersion(): string {
  if (!NGINX) return 'nginx (not installed)';
  // nginx -v writes "nginx version: nginx/1.22.1" to stderr
  const { stderr } = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  return /nginx\/([\d.]+)/.exec(stderr)?.[0].replace('/', ' ') ?? 'nginx';
}

/** Both yardsticks and the app are asked for gzip: what nginx's gzip_static and every browser share. */
export const GZIP = { 'accept-encoding': 'gzip' } as const;

/** Headers that belong to one connection or one transfer, or that a file server sets for its file. */
const NOT_COPIED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'accept-ranges',
  'server',
]);

/** One answer of the app, to be served as a file: its gzip bytes and the headers to send with them. */
export type Served = { name: string; gzip: Buffer; headers: Record<string, string> };

/** The app's gzip answer `res` as a file `name` for the yardsticks, with the headers that are the app's own. */
export function servedAs(name: string, res: RawResponse): Served {
  if (res.status !== 200 || res.headers['content-encoding'] !== 'gzip') {
    throw new Error(`${name}: the app answered ${res.status} with content-encoding ${String(res.headers['content-encoding'])}, not 200 gzip`);
  }
  const headers: Record<string, string> = {};
  for (const [header, value] of Object.entries(res.headers)) {
    if (!NOT_COPIED.has(header) && typeof value === 'string') headers[header] = value;
  }
  return { name, gzip: res.body, headers };
}

/** Writes each answer as `<name>` and `<name>.gz` in a new temp dir, for either yardstick. */
function writeFiles(files: Served[]): string {
  const dir = tempDir('files');
  for (const f of files) {
    writeFileSync(path.join(dir, f.name), zlib.gunzipSync(f.gzip));
    writeFileSync(path.join(dir, `${f.name}.gz`), f.gzip);
  }
  return dir;
}

/** A header value as an nginx string; `$` would name a variable, and no answer of the app has one. */
function nginxString(value: string): string {
  if (value.includes('$')) throw new Error(`a header value with $ cannot be copied to nginx: ${value}`);
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function fileServerConfig(dir: string, port: number, files: Served[]): string {
  const location = (f: Served) => {
    // the type is the app's, charset and all; Vary comes from gzip_vary, as it does for any .gz nginx serves
    const { 'content-type': type = 'application/octet-stream', vary, ...rest } = f.headers;
    if (vary !== undefined && vary.toLowerCase() !== 'accept-encoding') throw new Error(`${f.name}: Vary ${vary} is not what gzip_vary sends`);
    const added = Object.entries(rest).map(([h, v]) => `add_header ${h} ${nginxString(v)} always;`);
    return `location = /${f.name} {\n      types { }\n      default_type ${nginxString(type)};\n      ${added.join('\n      ')}\n    }`;
  };
  // a worker per core, as a shop owner runs it
  return nginxConfig(
    dir,
    'auto',
    `
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 10s;
  server_tokens off;
  gzip_static on;
  gzip_vary on;
  server {
    listen ${HOST}:${port};
    root ${dir};
    ${files.map(location).join('\n    ')}
  }`,
  );
}

/** The processes whose parent is `pid`: nginx's workers, whose CPU time is the server's. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/** GET `url` with gzip: the same bytes and headers as the app's answer `expected`, or an error that says what differs. */
async function checkSame(label: string, url: string, expected: Served): Promise<void> {
  const res = await get(url, GZIP);
  const differs = Object.keys(expected.headers).filter((h) => res.headers[h] !== expected.headers[h]);
  if (res.headers['content-encoding'] !== 'gzip' || !res.body.equals(expected.gzip) || differs.length) {
    throw new Error(
      `${label} does not send the same gzip bytes and headers as the app for ${expected.name}${differs.length ? ` (differs in ${differs.join(', ')})` : ''}`,
    );
  }
}

/** nginx serving `files` (the first answers the ready check), checked to send the app's bytes and headers. */
export async function startNginx(files: Served[]): Promise<Child> {
  if (!NGINX) throw new Error('nginx is not installed (Debian package nginx): the bench compares the app with it');
  const dir = writeFiles(files);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, fileServerConfig(dir, port, files));
  const server = await startProcess('nginx', NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], process.env, `http://${HOST}:${port}`, `/${files[0]!.name}`);
  for (const f of files) await checkSame('nginx', `${server.url}/${f.name}`, f);
  return { ...server, pids: childrenOf(server.proc.pid!) };
}

/** bench/static-server.ts (Fastify + @fastify/static) serving `file`, checked likewise. */
export async function startFastifyStatic(file: Served): Promise<Child> {
  const server = await startChild(
    'static server',
    'bench/static-server.ts',
    { STATIC_DIR: writeFiles([file]), STATIC_HEADERS: JSON.stringify(file.headers) },
    `/${file.name}`,
  );
  await checkSame('the Fastify static server', `${server.url}/${file.name}`, file);
  return server;
}
