import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { get, ROOT, SERVER_MAIN, startChild, tempDir, onCleanup, type Child, type Row } from './support.ts';

/**
 * Order creation with stock checks (POST /fn/order/create), on the embedded SQLite and on
 * PostgreSQL: orders per second for 8 s of 10 concurrent shoppers, then an oversell
 * check — 400 orders for a product with 100 in stock must sell exactly 100.
 */
const DURATION_S = 8;
const TARGET_EMBEDDED = 300;
const HOT_STOCK = 100;
const HOT_ORDERS = 400;
/** §5 budgets the embedded database only; PostgreSQL's rate is information. */
const PG_TARGET = 'none in §5 (information)';
/**
 * A PostgreSQL server where the bench may create a throwaway database (dropped afterwards):
 * BENCH_DATABASE_URL, else the tests' TEST_DATABASE_URL (BENCH_PG_URL, its older name, too).
 * Without one the PostgreSQL half is skipped and says so.
 */
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.BENCH_PG_URL || undefined;

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

export const order = (productId: string) =>
  JSON.stringify({
    userId: null,
    sfId: 'kirana-demo',
    order: {
      items: [{ id: productId, qty: 1 }],
      deliveryMode: 'pickup',
      personalDetails: { fullName: 'Bench Shopper', email: 'bench@example.com', phone: { number: '9800000000', dialCode: '+91' } },
      paymentType: 'pof',
    },
  });

async function stockOf(app: Child, id: string): Promise<number> {
  const res = await get(`${app.url}/api/catalog`);
  const { products } = JSON.parse(res.body.toString('utf8')) as { products: Array<{ id: string; stock: number }> };
  return products.find((p) => p.id === id)?.stock ?? NaN;
}

async function measure(label: string, env: Record<string, string>): Promise<Row[]> {
  const work = tempDir('orders');
  const seed = writeSeed(work);
  const shopId = (JSON.parse(readFileSync(path.join(ROOT, 'demo/shop.config.json'), 'utf8')) as { id: string }).id;
  const app = await startChild(`app (${label})`, SERVER_MAIN, { DATA_DIR: work, SEED_CATALOG: seed.file, SHOP_CONFIG: path.join(ROOT, 'demo/shop.config.json'), ...env }, '/healthz');
  try {
    const body = order(seed.plenty).replace('kirana-demo', shopId);
    const probe = await fetch(`${app.url}/fn/order/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (probe.status !== 200) throw new Error(`a first order answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
    const run = await autocannon({ url: `${app.url}/fn/order/create`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 10, duration: DURATION_S });
    if (run.errors || run.timeouts || run.non2xx) throw new Error(`${label}: ${run.errors} errors, ${run.timeouts} timeouts, ${run.non2xx} refused orders`);
    const rate = run.requests.total / DURATION_S;

    const hot = await autocannon({ url: `${app.url}/fn/order/create`, method: 'POST', headers: { 'content-type': 'application/json' }, body: order(seed.scarce).replace('kirana-demo', shopId), connections: 20, amount: HOT_ORDERS });
    const sold = hot['2xx'];
    const left = await stockOf(app, seed.scarce);
    const oversold = Math.max(0, sold - HOT_STOCK) + Math.max(0, -left);
    const ok = oversold === 0 && sold === HOT_STOCK && left === 0;
    const embedded = label === 'SQLite';
    return [
      { name: `order create, ${label}`, figure: `${rate.toFixed(0)} orders/s`, target: embedded ? `≥ ${TARGET_EMBEDDED} (aim ≥ 1,000)` : PG_TARGET, ok: embedded ? rate >= TARGET_EMBEDDED : undefined, note: `p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms; 10 shoppers, ${DURATION_S} s, stock checked and taken in each` },
      { name: `  oversell check, ${label}`, figure: `${sold} of ${HOT_ORDERS} sold, stock ${left}`, target: `${HOT_STOCK} sold, 0 oversold`, ok, note: `${hot['4xx']} refused as out of stock` },
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
  if (!PG_ADMIN_URL) return [...rows, { name: 'order create, PostgreSQL', figure: 'skipped: set BENCH_DATABASE_URL', note: 'a PostgreSQL server URL (or TEST_DATABASE_URL); a throwaway database is made there and dropped' }];
  const host = new URL(PG_ADMIN_URL).host;
  let pgUrl: string;
  try {
    pgUrl = await throwawayDatabase(PG_ADMIN_URL);
  } catch (err) {
    // asked for and not there: a row that says so, not a silent skip
    return [...rows, { name: 'order create, PostgreSQL', figure: 'did not run', target: PG_TARGET, ok: false, note: `no database on ${host}: ${err instanceof Error ? err.message : String(err)}` }];
  }
  return [...rows, ...(await measure('PostgreSQL', { DATABASE_URL: pgUrl }))];
}
