import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient, type Transaction } from 'kysely';
import type Pg from 'pg';
import { lazyModule } from '../lazy-module.ts';
import { faultOf } from './faults.ts';
import type { Database } from './schema.ts';

/** The PostgreSQL driver, loaded only for a shop with DATABASE_URL. */
const loadPg = lazyModule<typeof Pg>('pg');

/** How many distinct statements each PostgreSQL connection keeps prepared; any more run unnamed. */
const PG_PREPARED_LIMIT = 300;
/** How long a query waits for a connection of the pool before it fails (a 503). */
const PG_CONNECT_TIMEOUT_MS = 5_000;

/** The shop's PostgreSQL database at DATABASE_URL: a pool of connections, each transaction on one of them. */
export function openPostgres(databaseUrl: string) {
  const pg = loadPg();
  // int8 (bigint) columns hold money and epoch milliseconds, far below 2^53.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  // a request waits at most this long for a connection (the server down, every connection busy), then answers 503
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  // an idle connection dropped by the server (restart, failover) must not crash the
  // process: the pool replaces it on the next query (one in use: withPreparedStatements)
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
  return { kysely, write: <T>(fn: (trx: Transaction<Database>) => Promise<T>) => kysely.transaction().execute(fn), close: () => kysely.destroy() };
}

/**
 * The pool as Kysely sees it, with statements run as named prepared statements: each
 * connection parses and plans a statement once instead of at every run (a quarter of the
 * database's CPU time per order, decision 054). Not a statement with `*` in it (`select *`,
 * `returning *`): its result would change shape when another instance's migration adds a
 * column, which PostgreSQL refuses to run as prepared ("cached plan must not change result
 * type", 0A000). Should that happen anyway, the connection is closed when it is given back,
 * so the next one prepares afresh. (A PgBouncer in transaction mode in between needs its
 * `max_prepared_statements`, PgBouncer 1.21 or later.)
 *
 * A connection the server drops while it is lent out (terminated, restarted, the network
 * gone; between two statements of a transaction, say) emits 'error' on its client, which
 * pg's pool listens to only while the client is idle: unheard, that error would end the
 * process (decision 072). Each client is heard here all its life; once its connection is
 * lost, its further statements (the transaction's rollback) fail at once with that loss, and
 * it is given back with it, so the pool closes it instead of lending it again.
 */
function withPreparedStatements(pool: Pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    if (text.includes('*')) return undefined;
    let name = names.get(text);
    if (!name && names.size < PG_PREPARED_LIMIT) names.set(text, (name = `k${names.size + 1}`));
    return name;
  };
  type Wrapper = PostgresPoolClient & { unusable?: Error; lost?: Error };
  const wrapped = new WeakMap<Pg.PoolClient, Wrapper>();
  const wrap = (client: Pg.PoolClient): Wrapper => {
    const wrapper: Wrapper = {
      query: ((text: unknown, values?: unknown[]) => {
        if (wrapper.lost) return Promise.reject(wrapper.lost);
        if (typeof text !== 'string') return client.query(text as Pg.Submittable);
        const name = nameOf(text);
        return client.query(name ? { name, text, values } : { text, values }).catch((err: unknown) => {
          if ((err as { code?: string }).code === '0A000') wrapper.unusable ??= new Error('prepared statements out of date');
          if (faultOf(err)?.what === 'connection') wrapper.lost ??= err as Error;
          throw err;
        });
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(wrapper.lost ?? wrapper.unusable),
    };
    client.on('error', (err) => (wrapper.lost ??= err));
    return wrapper;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) wrapped.set(client, (own = wrap(client)));
      return own;
    },
    end: () => pool.end(),
  };
}
