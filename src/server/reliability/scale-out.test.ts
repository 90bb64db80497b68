import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { createAccessTokens } from '../services/access-tokens.ts';
import { testDatabases, type OpenTestDatabase } from '../testing/databases.ts';
import { testCatalog, testShopConfig } from '../testing/fixtures.ts';
import { testRedisUrl, uniquePrefix } from '../testing/redis.ts';
import { addOwnerPriya } from '../testing/users.ts';
import { freePort, NGINX, nginxConfig, serverEnv, startServerProcess, type ServerProcess } from './server-process.ts';

const postgres = testDatabases.find((d) => d.name === 'postgres');
if (!NGINX) {
  if (process.env.CI) throw new Error('CI must run the scale-out test: install nginx (Debian package nginx)');
  console.warn('\n  NOTICE: the scale-out test is SKIPPED — install nginx (apt-get install nginx) to run it.\n');
}

/** nginx in front of the instances, round robin, naming the instance that answered in X-Upstream. */
function proxyConfig(dir: string, port: number, upstreams: number[]): string {
  return nginxConfig(
    dir,
    1,
    `
  upstream shop {
    ${upstreams.map((p) => `server 127.0.0.1:${p};`).join('\n    ')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      add_header X-Upstream $upstream_addr always;
    }
  }`,
  );
}

async function until(ok: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Issue 9: two stateless instances on one PostgreSQL and one Redis behind a real nginx
 * (Debian's, started here on a port of its own). What one instance knows, the other must
 * too: the attempts a shopper has used, the stock, and the owner's live events.
 */
describe.skipIf(!NGINX || !testRedisUrl || !postgres)('two instances behind nginx on PostgreSQL and Redis', () => {
  let database: OpenTestDatabase;
  let dir: string;
  let nginx: ChildProcess;
  let proxy: string;
  const instances: ServerProcess[] = [];
  const secret = randomBytes(32);
  // a shop id of its own: its Redis keys (storefront:<shop id>:…) meet no other run's
  const shopId = uniquePrefix('scale')
    .replace(/[^A-Za-z0-9-]/g, '-')
    .slice(0, 60);
  let ownerToken: string;

  beforeAll(async () => {
    database = await postgres!.open();
    dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-scale-'));
    const shopConfig = path.join(dir, 'shop.json');
    writeFileSync(
      shopConfig,
      JSON.stringify({
        ...testShopConfig(),
        id: shopId,
        // a crowd of shoppers from one address: the order rate limit is lifted (order-abuse.test.ts tests it)
        orderConfig: {
          orderEnabled: true,
          pickupEnabled: true,
          detailsConfig: { personal: { fullName: true, email: false, phone: false } },
          orderRateLimit: { perAddress: 100_000, perContact: 100_000 },
        },
        payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] },
      }),
    );
    await createCatalogRepository(database.db, 2).replace(testCatalog());
    await database.db.kysely.updateTable('products').set({ stock_milli: 5000 }).where('id', '=', 'tee-red-m').execute();
    ownerToken = await addOwnerPriya(database.db, createAccessTokens(secret));

    const env = serverEnv({
      location: database.location,
      shopConfig,
      authSecret: secret.toString('hex'),
      extra: { REDIS_URL: testRedisUrl, TRUST_PROXY: 'loopback' },
    });
    // each instance keeps its own files (keys, image cache); the database and Redis are shared
    for (const name of ['one', 'two']) {
      mkdirSync(path.join(dir, name));
      instances.push(await startServerProcess({ env: { ...env, DATA_DIR: path.join(dir, name) } }));
    }

    const port = await freePort();
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      proxyConfig(
        dir,
        port,
        instances.map((i) => i.port),
      ),
    );
    nginx = spawn(NGINX!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
    proxy = `http://127.0.0.1:${port}`;
    await until(async () => (await fetch(`${proxy}/healthz`)).ok, 'nginx');
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await Promise.all(instances.map((i) => i.stop()));
    await database?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const order = (origin: string, qty = 1) =>
    fetch(`${origin}/fn/order/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(12).toString('hex') },
      body: JSON.stringify({
        sfId: shopId,
        order: {
          items: [{ id: 'tee-red-m', qty }],
          deliveryMode: 'pickup',
          personalDetails: { fullName: 'Asha Rao', email: '', phone: { number: '', dialCode: '+91' } },
          paymentType: 'pof',
        },
      }),
    });

  it("limits hold across instances: a shopper's 61st attempt in a minute is refused, whichever instance takes it", async () => {
    const served = new Set<string>();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      // no session: each refresh is an attempt that fails (401) and counts
      const res = await fetch(`${proxy}/api/auth/refresh`, { method: 'POST' });
      served.add(res.headers.get('x-upstream') ?? '');
      statuses.push(res.status);
    }
    expect(served.size, 'both instances took attempts').toBe(2);
    expect(statuses.slice(0, 60).filter((s) => s === 429)).toEqual([]);
    expect(statuses[60]).toBe(429);
  });

  it('sells no more than the stock, however the orders are spread over the instances', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => order(proxy)));
    const statuses = answers.map((a) => a.status);
    expect(new Set(answers.map((a) => a.headers.get('x-upstream'))).size, 'both instances took orders').toBe(2);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(15).fill(409));
    const stock = await database.db.kysely.selectFrom('products').select('stock_milli').where('id', '=', 'tee-red-m').executeTakeFirstOrThrow();
    expect(stock.stock_milli).toBe(0);
  });

  it("an order placed through one instance appears at once on an owner's board connected to the other", { timeout: 30_000 }, async () => {
    await database.db.kysely.updateTable('products').set({ stock_milli: 5000 }).where('id', '=', 'tee-red-m').execute();
    const [one, two] = instances as [ServerProcess, ServerProcess];
    // the board reads the feed from instance two; it ends when the instance stops
    const feed = await fetch(`${two.url}/admin/api/events`, { headers: { authorization: `Bearer ${ownerToken}` } });
    expect(feed.status).toBe(200);
    const reader = feed.body!.pipeThrough(new TextDecoderStream()).getReader();
    await reader.read(); // listening

    const placed = await order(one.url);
    expect(placed.status).toBe(200);
    const { orderId } = (await placed.json()) as { orderId: string };
    let heard = '';
    while (!heard.includes(orderId)) {
      const { value, done } = await reader.read();
      if (done) break;
      heard += value;
    }
    expect(heard).toContain(`"orderId":"${orderId}"`);
    expect(heard).toContain('"what":"placed"');
  });
});
