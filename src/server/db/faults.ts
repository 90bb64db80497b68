/**
 * A fault of the database, the disk under it, or the Redis several instances share, that passes by itself (or once the operator
 * frees space), as opposed to a bad request or a bug: the request it touched answers 503
 * with Retry-After, its transaction rolled back, and the shop carries on (ARCHITECTURE §4).
 */
export type Fault = {
  /** For the log: what went. */
  what: 'connection' | 'busy' | 'storage';
  /** When a client may try again: a pool connects anew at once; a full disk waits for someone to free space. */
  retryAfterSeconds: number;
};

const CONNECTION: Fault = { what: 'connection', retryAfterSeconds: 2 };
const BUSY: Fault = { what: 'busy', retryAfterSeconds: 2 };
const STORAGE: Fault = { what: 'storage', retryAfterSeconds: 30 };

/**
 * PostgreSQL's SQLSTATEs of a server that went away or cannot take us now: class 08
 * (connection exception), 57P01–57P03 (terminated by the administrator, crash of another
 * backend, starting up or shutting down) and class 53 (insufficient resources: too many
 * connections, a full disk, out of memory).
 */
const PG_UNAVAILABLE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[1-3])$/;
/** pg's own words for a connection that ended under it or could not be had in time (no SQLSTATE: the socket ended). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];
/**
 * ioredis's words for a shared Redis it cannot reach: it fails a command at once rather than
 * queue it (decision 075), and ends one that got no answer in time.
 */
const REDIS_UNAVAILABLE_MESSAGES = [
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
  'Socket timeout.',
  'Reached the max retries per request limit',
];
/** The socket's errors on the way to the database server. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** A full or failing disk, as SQLite, the WAL's own fdatasync or PostgreSQL (53100) says it. */
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'SQLITE_FULL', '53100']);

function faultOfOne(err: { code?: unknown; message?: unknown }): Fault | null {
  const code = typeof err.code === 'string' ? err.code : '';
  if (STORAGE_CODES.has(code) || code.startsWith('SQLITE_IOERR')) return STORAGE;
  // SQLite's busy_timeout ran out: another process (the owner's command line) held the write lock that long
  if (code.startsWith('SQLITE_BUSY')) return BUSY;
  if (SOCKET_CODES.has(code) || PG_UNAVAILABLE.test(code)) return CONNECTION;
  const message = typeof err.message === 'string' ? err.message : '';
  return [...PG_CONNECTION_MESSAGES, ...REDIS_UNAVAILABLE_MESSAGES].some((m) => message.startsWith(m)) ? CONNECTION : null;
}

/** The passing fault behind `err` (itself or one of its causes), or null when it is none: a bug, or a refusal. */
export function faultOf(err: unknown): Fault | null {
  for (let at = err, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const fault = faultOfOne(at as { code?: unknown; message?: unknown });
    if (fault) return fault;
  }
  return null;
}

/** The body of the 503 a fault answers, in the framework's own shape (app.ts). */
export const UNAVAILABLE = { error: 'unavailable', message: 'We could not do this just now. Please try again in a moment.' } as const;
