import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import { isImageWidth, isResizableName, type ImageWidth } from '../../domain/images.ts';
import { MEDIA_KEY, type MediaStore } from '../services/media-store.ts';
import { loadSharp } from '../services/sharp.ts';

export type ImageResizerOptions = { mediaDir?: string | undefined; cacheDir: string; store?: MediaStore | undefined };

/** Paths below this are the owner's uploads, read from the media store rather than mediaDir (decision 036). */
const UPLOADS_PREFIX = 'u/';

/**
 * Originals under /media/ are not content-hashed, so a resized copy is cached like them:
 * 30 days, then revalidated by ETag (which changes when the original does).
 */
const MAX_AGE = 30 * 24 * 3600;
/** Resizes running at once. sharp.concurrency() is process-wide (libvips threads), so this caps jobs instead. */
const PARALLEL_RESIZES = 2;
/** Bump when the output settings change, so browsers holding an old copy fetch the new one. */
const OUTPUT_VERSION = 'q75e4';
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP', 'EISDIR']);

class ImageError extends Error {
  constructor(
    readonly kind: 'not_found' | 'bad_image',
    cause?: unknown,
  ) {
    super(kind, { cause });
  }
}

/** What a copy is made from: what its ETag names, its age, and its bytes or file (null: gone). */
type Original = { tag: string; mtimeMs: number; input: () => Promise<string | Buffer | null> };

/**
 * `GET /img/<width>/<path>`: the media file `<path>` as WebP, `<width>` px wide at most
 * (never enlarged), for the widths of `imageWidths`. Copies are made on first request and
 * kept on disk under `cacheDir/<width>/<path>.webp`; a copy older than its original is
 * made again. `u/<key>` is an uploaded original from the media store, which never changes,
 * so its copy is never stale. Anything that is not a readable raster image inside mediaDir
 * or the store is a 404. Changing the output settings below needs the cache directory emptied once.
 */
export const imageResizer: FastifyPluginAsync<ImageResizerOptions> = async (app, { mediaDir, cacheDir, store }) => {
  const root = mediaDir ? path.resolve(mediaDir) : undefined;
  const cacheRoot = path.resolve(cacheDir);
  const queue = limiter(PARALLEL_RESIZES);
  /** One resize per cache file at a time: later requests wait for the first. */
  const inFlight = new Map<string, Promise<Buffer>>();

  const notFound = (reply: FastifyReply, error: 'not_found' | 'bad_image' = 'not_found') => reply.code(404).header('cache-control', 'no-store').send({ error });

  app.get<{ Params: { width: string; '*': string } }>('/img/:width/*', async (req, reply) => {
    const width = /^[1-9]\d{0,3}$/.test(req.params.width) ? Number(req.params.width) : NaN;
    const rel = safeRelativePath(req.params['*']);
    if (!isImageWidth(width) || !rel || !isResizableName(rel)) return notFound(reply);

    let source: Original;
    if (rel.startsWith(UPLOADS_PREFIX)) {
      const key = rel.slice(UPLOADS_PREFIX.length);
      if (!store || !MEDIA_KEY.test(key)) return notFound(reply);
      source = { tag: key, mtimeMs: 0, input: async () => (await store.get(key))?.bytes ?? null };
    } else {
      if (!root) return notFound(reply);
      const original = path.join(root, rel);
      let file: Stats;
      try {
        file = await stat(original);
      } catch (err) {
        if (NOT_FOUND_CODES.has((err as NodeJS.ErrnoException).code ?? '')) return notFound(reply);
        throw err;
      }
      if (!file.isFile()) return notFound(reply);
      source = { tag: `${file.size.toString(36)}-${Math.trunc(file.mtimeMs).toString(36)}`, mtimeMs: file.mtimeMs, input: async () => original };
    }

    const etag = `"${OUTPUT_VERSION}-${width}-${source.tag}"`;
    const cacheable = () => reply.header('cache-control', `public, max-age=${MAX_AGE}`).header('etag', etag);
    if (matchesEtag(req.headers['if-none-match'], etag)) return cacheable().code(304).send();

    const cached = path.join(cacheRoot, String(width), `${rel}.webp`);
    let job = inFlight.get(cached);
    if (!job) {
      job = copyFor({ source, cached, width, queue, log: app.log }).finally(() => inFlight.delete(cached));
      inFlight.set(cached, job);
    }
    try {
      const body = await job;
      return cacheable().type('image/webp').send(body);
    } catch (err) {
      if (!(err instanceof ImageError)) throw err;
      if (err.kind === 'bad_image') req.log.warn({ err: err.cause, file: rel }, 'image resizer: the original is not a readable image');
      return notFound(reply, err.kind);
    }
  });
};

/** The cached copy when it is at least as new as the original; otherwise a fresh resize, stored for next time. */
async function copyFor(job: { source: Original; cached: string; width: ImageWidth; queue: Limiter; log: FastifyBaseLogger }): Promise<Buffer> {
  const { source, cached, width, queue, log } = job;
  try {
    const copy = await stat(cached);
    if (copy.isFile() && copy.mtimeMs >= source.mtimeMs) return await readFile(cached);
  } catch {
    // no copy yet (or it vanished between stat and read): make one
  }

  // outside the try: sharp or the store failing is the server's fault (a 500), not the image's
  const sharp = await loadSharp();
  const input = await source.input();
  if (input === null) throw new ImageError('not_found');
  let data: Buffer;
  try {
    data = await queue(() =>
      sharp(input, { failOn: 'error' }) // browsers show JPEGs with minor warnings; so do we
        .autoOrient()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 75, effort: 4 })
        .toBuffer(),
    );
  } catch (err) {
    throw new ImageError(/missing|ENOENT/i.test(String(err)) ? 'not_found' : 'bad_image', err);
  }

  // written aside and renamed into place, so a reader sees the old copy, no copy or the whole new one
  const tmp = `${cached}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(cached), { recursive: true });
    await writeFile(tmp, data);
    await rename(tmp, cached);
  } catch (err) {
    // a full or read-only disk costs speed, not the picture
    log.warn({ err, file: cached }, 'image resizer: could not store the resized copy');
    await rm(tmp, { force: true }).catch(() => undefined);
  }
  return data;
}

/**
 * The request's path below the width as a safe relative path, or null: no empty, `.`/`..`
 * or hidden segments (like /media/, which ignores dotfiles), no absolute paths, no
 * backslashes or NUL bytes. Fastify has already decoded it once, so `%2e%2e` arrives as
 * `..` and is refused here; it is never decoded again.
 * @internal Exported for its unit test only (a test seam): every refused path is tested here, without a server and files on disk.
 */
export function safeRelativePath(raw: string | undefined): string | null {
  if (!raw || raw.length > 1024 || raw.includes('\0') || raw.includes('\\')) return null;
  const segments = raw.split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const rel = segments.join('/');
  // belt and braces: the joined path must stay below the root on every platform
  const probe = path.posix.normalize(rel);
  if (probe !== rel || path.isAbsolute(rel) || probe.startsWith('../')) return null;
  return rel;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  // If-None-Match compares weakly: W/"x" matches "x"
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** Runs at most `max` tasks at once; the rest wait their turn in order. */
function limiter(max: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next)
        next(); // the slot passes straight on
      else active--;
    }
  };
}
