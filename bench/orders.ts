import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, get, ROOT, SERVER_MAIN, startChild, tempDir, onCleanup, type Child, type Row } from './support.ts';

/**
 * Order creation with stock checks (POST /fn/order/create), on the embedded SQLite and on
 * PostgreSQL: orders per second for 8 s of 10 concurrent shoppers, each order with its own
 * `Idempotency-Key` as the checkout sends it (the headline figure), then the same without
 * the key (a detail row), then an oversell check — 400 orders for a product with 100 in
 * stock must sell exactly 100. Beside the rates, the server's CPU time per order (and, on
 * PostgreSQL, its backends'), which other load on the machine disturbs less.
 */
const DURATION_S = 8;
/** Issue 25's targets (§5 asks ≥ 300 of the embedded database). */
const TARGET = { SQLite: 1000, PostgreSQL: 500 } as const;
const HOT_STOCK = 100;
const HOT_ORDERS = 400;
/**
 * A PostgreSQL server where the bench may create a throwaway database (dropped afterwards):
 * BENCH_DATABASE_URL, else the tests' TEST_DATABASE_URL (BENCH_PG_URL, its older name, too).
 * Without one the PostgreSQL half is skipped and says so.
 */
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.BENCH_PG_URL || undefined;
/**
 * As the checkout makes one (`co-` and random characters, checkout-form.tsx): autocannon puts
 * a fresh id in place of `[<id>]` in every request, so each is a new order.
 */
const KEY_HEADER = { 'idempotency-key': 'co-[<id>]' };

type Product = { variantId: string; id?: string; stock: number; isFraction: boolean; price: { regular: number } } & Record<string, unknown>;

/** The demo catalog with a plentiful product (for throughput) and a scarce one (for the oversell check). */
export function writeSeed(dir: string): { file: string; plenty: string; scarce: string } {
  const demo = JSON.parse(readFileSync(path.join(ROOT, 'demo/catalog.json'), 'utf8')) as { products: Product[] } & Record<string, unknown>;
  const sellable = demo.products.filter((p) => !p.isFraction && p.price.regular > 0);
  const [plenty, scarce] = [sellable[0]!, sellable[1]!];
  plenty.stock = 1_000_000;
  scarce.stock = HOT_STOCK;
  const file = path.join(dir, 'catalog-orders.json');
  writeFileSync(file, JSON.stringify(demo));
  return { file, plenty: plenty.id ?? plenty.variantId, scarce: scarce.id ?? scarce.variantId };
}

/**
 * The demo shop with its order limiters raised above what the bench sends (every order here
 * comes from one address and one phone): they still run for every order, as in a shop,
 * but never refuse one.
 */
function writeShopConfig(dir: string): { file: string; id: string } {
  const shop = JSON.parse(readFileSync(path.join(ROOT, 'demo/shop.config.json'), 'utf8')) as {
    id: string;
    $schema?: string;
    orderConfig: Record<string, unknown>;
  };
  delete shop.$schema;
  shop.orderConfig.orderRateLimit = { perAddress: 100_000, perContact: 100_000, windowMinutes: 10 };
  const file = path.join(dir, 'shop.config.json');
  writeFileSync(file, JSON.stringify(shop));
  return { file, id: shop.id };
}

/**
 * One pickup order paid on delivery. `email`: the shopper's; the bench's own runs give each order another one
 * (`[<id>]`, replaced like the key's), so every order is a different shopper, as §5 asks, and none reaches
 * the cap on one shopper's unpaid orders (decision 073).
 */
export const order = (productId: string, shopId: string, email = 'bench@example.com') =>
  JSON.stringify({
    userId: null,
    sfId: shopId,
    order: {
      items: [{ id: productId, qty: 1 }],
      deliveryMode: 'pickup',
      personalDetails: { fullName: 'Bench Shopper', email, phone: { number: '9800000000', dialCode: '+91' } },
      paymentType: 'pof',
    },
  });
/** A different shopper's e-mail in every order autocannon sends. */
const EVERY_ORDER_ITS_SHOPPER = 'bench-[<id>]@example.com';

async function stockOf(app: Child, id: string): Promise<number> {
  const res = await get(`${app.url}/api/catalog`);
  const { products } = JSON.parse(res.body.toString('utf8')) as { products: Array<{ id: string; stock: number }> };
  return products.find((p) => p.id === id)?.stock ?? NaN;
}

/** CPU time (ms) of the PostgreSQL backends serving `database`, when they run on this machine (null otherwise). */
async function backendsCpuMs(adminUrl: string | undefined, database: string | undefined): Promise<number | null> {
  if (!adminUrl || !database) return null;
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    const { rows } = await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
    const times = rows.map((r) => cpuMs(r.pid));
    return rows.length && times.every((t) => t !== null) ? times.reduce((a, b) => a! + b!, 0) : null;
  } finally {
    await c.end();
  }
}

type Run = { rate: number; p50: number; p99: number; appCpu: number | null; dbCpu: number | null };

/** 10 shoppers placing orders for DURATION_S; every one must be placed. */
async function placeFor(
  app: Child,
  label: string,
  body: string,
  headers: Record<string, string>,
  pgAdmin?: string,
  pgName?: string,
  seconds = DURATION_S,
): Promise<Run> {
  const [app0, db0] = [cpuMs(app.proc.pid), await backendsCpuMs(pgAdmin, pgName)];
  const run = await autocannon({
    url: `${app.url}/fn/order/create`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    connections: 10,
    duration: seconds,
    idReplacement: true,
  });
  const [app1, db1] = [cpuMs(app.proc.pid), await backendsCpuMs(pgAdmin, pgName)];
  if (run.errors || run.timeouts || run.non2xx) throw new Error(`${label}: ${run.errors} errors, ${run.timeouts} timeouts, ${run.non2xx} refused orders`);
  const n = run.requests.total;
  const perOrder = (a: number | null, b: number | null) => (a === null || b === null ? null : ((b - a) * 1000) / n);
  return { rate: n / seconds, p50: run.latency.p50, p99: run.latency.p99, appCpu: perOrder(app0, app1), dbCpu: perOrder(db0, db1) };
}

const cpuNote = (r: Run) =>
  [r.appCpu === null ? '' : `server CPU ${r.appCpu.toFixed(0)} µs/order`, r.dbCpu === null ? '' : `PostgreSQL backends ${r.dbCpu.toFixed(0)} µs/order`]
    .filter(Boolean)
    .join(', ');

async function measure(label: keyof typeof TARGET, env: Record<string, string>, pgAdmin?: string): Promise<Row[]> {
  const work = tempDir('orders');
  const seed = writeSeed(work);
  const shop = writeShopConfig(work);
  const pgName = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : undefined;
  const app = await startChild(`app (${label})`, SERVER_MAIN, { DATA_DIR: work, SEED_CATALOG: seed.file, SHOP_CONFIG: shop.file, ...env }, '/healthz');
  try {
    const body = order(seed.plenty, shop.id, EVERY_ORDER_ITS_SHOPPER);
    const probe = await fetch(`${app.url}/fn/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'co-bench-probe' },
      body,
    });
    if (probe.status !== 200) throw new Error(`a first order answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
    // a running shop's code is warm: orders for as long as a measured round first, not measured (decision 071). In a
    // fresh process V8 runs the order's code unoptimised and PostgreSQL plans each prepared statement
    // afresh for its first executions: the first 8 s took 2,017 µs of server CPU an order on PostgreSQL
    // and 1,514 on SQLite, the next 8 s 1,623 and 1,019; with 2 s of warm-up SQLite measured 1,095 orders/s, with 8 s 1,384
    await placeFor(app, label, body, KEY_HEADER, undefined, undefined, DURATION_S);
    const keyed = await placeFor(app, label, body, KEY_HEADER, pgAdmin, pgName);
    const bare = await placeFor(app, label, body, {}, pgAdmin, pgName);

    const hot = await autocannon({
      url: `${app.url}/fn/order/create`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...KEY_HEADER },
      body: order(seed.scarce, shop.id, EVERY_ORDER_ITS_SHOPPER),
      connections: 20,
      amount: HOT_ORDERS,
      idReplacement: true,
    });
    const sold = hot['2xx'];
    const left = await stockOf(app, seed.scarce);
    const oversold = Math.max(0, sold - HOT_STOCK) + Math.max(0, -left);
    const ok = oversold === 0 && sold === HOT_STOCK && left === 0;
    const target = TARGET[label];
    return [
      {
        name: `order create, ${label}`,
        figure: `${keyed.rate.toFixed(0)} orders/s`,
        target: `≥ ${target.toLocaleString('en-US')}`,
        ok: keyed.rate >= target,
        note: `an Idempotency-Key each, as the checkout sends; p50 ${keyed.p50} ms, p99 ${keyed.p99} ms; ${cpuNote(keyed)}; 10 shoppers, ${DURATION_S} s, stock checked and taken in each`,
      },
      {
        name: `  without Idempotency-Key, ${label}`,
        figure: `${bare.rate.toFixed(0)} orders/s`,
        note: `p50 ${bare.p50} ms, p99 ${bare.p99} ms; ${cpuNote(bare)}`,
      },
      {
        name: `  oversell check, ${label}`,
        figure: `${sold} of ${HOT_ORDERS} sold, stock ${left}`,
        target: `${HOT_STOCK} sold, 0 oversold`,
        ok,
        note: `${hot['4xx']} refused as out of stock`,
      },
    ];
  } finally {
    await app.stop();
  }
}

/** A throwaway PostgreSQL database for one run on the server of `adminUrl`, dropped afterwards. */
async function throwawayDatabase(adminUrl: string): Promise<string> {
  const name = `bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export async function ordersBench(): Promise<Row[]> {
  const rows = await measure('SQLite', {});
  if (!PG_ADMIN_URL)
    return [
      ...rows,
      {
        name: 'order create, PostgreSQL',
        figure: 'skipped: set BENCH_DATABASE_URL',
        note: 'a PostgreSQL server URL (or TEST_DATABASE_URL); a throwaway database is made there and dropped',
      },
    ];
  const host = new URL(PG_ADMIN_URL).host;
  let pgUrl: string;
  try {
    pgUrl = await throwawayDatabase(PG_ADMIN_URL);
  } catch (err) {
    // asked for and not there: a row that says so, not a silent skip
    return [
      ...rows,
      {
        name: 'order create, PostgreSQL',
        figure: 'did not run',
        target: `≥ ${TARGET.PostgreSQL}`,
        ok: false,
        note: `no database on ${host}: ${err instanceof Error ? err.message : String(err)}`,
      },
    ];
  }
  return [...rows, ...(await measure('PostgreSQL', { DATABASE_URL: pgUrl }, PG_ADMIN_URL))];
}
