import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { startServer } from './start.ts';
import { testDatabases, type OpenTestDatabase } from './testing/databases.ts';
import { insertUser } from './testing/users.ts';
import { testShopConfig } from './testing/fixtures.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
const shopConfig = path.join(dir, 'shop.json');
writeFileSync(shopConfig, JSON.stringify(testShopConfig()));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(testDatabases)('the owner from OWNER_EMAIL on a start, on $name', (database) => {
  const opened: OpenTestDatabase[] = [];
  afterAll(async () => {
    for (const o of opened) await o.dispose();
  });
  async function fresh() {
    const o = await database.open();
    opened.push(o);
    return o;
  }

  /** Starts the whole server on the database with these variables, runs `check` against it, stops it, and gives its log. */
  async function start(on: OpenTestDatabase, owner: { email?: string; password?: string }, check: (app: FastifyInstance) => Promise<void> = async () => {}) {
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (d: Buffer) => (log += d.toString()));
    const env = {
      ...readEnv({}),
      shopConfig,
      ...on.location,
      seedCatalog: undefined,
      buildDir: path.join(dir, 'no-build'),
      owner: { email: owner.email, password: owner.password },
    };
    const { app, db } = await startServer(env, stream);
    try {
      await check(app);
    } finally {
      await app.close();
      await db.close();
    }
    return log;
  }

  /** Logs in through the shop's own API; the answer of the owner's order list says whether the account is the owner. */
  async function loginAsOwner(app: FastifyInstance, email: string, password: string) {
    const login = await app.inject({ method: 'POST', url: '/api/auth/email/login', payload: { email, password } });
    if (login.statusCode !== 200) return { login: login.statusCode, owner: false };
    const token = login.json<{ authToken: string }>().authToken;
    const orders = await app.inject({ url: '/admin/api/orders', headers: { authorization: `Bearer ${token}` } });
    return { login: login.statusCode, owner: orders.statusCode === 200 };
  }

  const owners = (o: OpenTestDatabase) => o.db.kysely.selectFrom('users').select('email').where('role', '=', 'owner').execute();
  const trail = (o: OpenTestDatabase) =>
    o.db.kysely.selectFrom('audit_log').select(['actor', 'action', 'detail']).where('action', 'like', 'owner.%').orderBy('created_at').execute();

  it('makes the owner on the first start, who logs in and is the owner; a later start with another address makes no second owner', async () => {
    const shop = await fresh();
    const first = await start(shop, { email: 'Priya@Example.com', password: 'harbour lights 42' }, async (app) => {
      expect(await loginAsOwner(app, 'priya@example.com', 'harbour lights 42')).toEqual({ login: 200, owner: true });
    });
    expect(first).toContain("priya@example.com is the shop's owner (a new account), from OWNER_EMAIL");
    expect(first).not.toContain('harbour lights 42');
    expect(await trail(shop)).toEqual([{ actor: 'env', action: 'owner.created', detail: JSON.stringify({ email: 'priya@example.com' }) }]);

    const second = await start(shop, { email: 'ravi@example.com', password: 'monsoon garden 7' }, async (app) => {
      expect(await loginAsOwner(app, 'ravi@example.com', 'monsoon garden 7')).toEqual({ login: 401, owner: false });
      expect(await loginAsOwner(app, 'priya@example.com', 'harbour lights 42')).toEqual({ login: 200, owner: true });
    });
    expect(second).toContain('The shop has an owner already: OWNER_EMAIL is not used');
    expect(second).not.toContain('monsoon garden 7');
    expect(await owners(shop)).toEqual([{ email: 'priya@example.com' }]);
    expect(await trail(shop)).toHaveLength(1);
  });

  it('starts without an owner when OWNER_PASSWORD is missing or weak, saying what to set; then promotes the existing account', async () => {
    const shop = await fresh();
    const healthy = async (app: FastifyInstance) => {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    };
    const none = await start(shop, { email: 'asha@example.com' }, healthy);
    expect(none).toContain(
      'OWNER_EMAIL is set but OWNER_PASSWORD is not: set OWNER_PASSWORD (at least 8 characters, not a common one, not your name or e-mail address)',
    );
    const weak = await start(shop, { email: 'asha@example.com', password: 'password' }, healthy);
    expect(weak).toContain(
      'OWNER_PASSWORD is not a good password (common): set OWNER_PASSWORD (at least 8 characters, not a common one, not your name or e-mail address)',
    );
    const short = await start(shop, { email: 'asha@example.com', password: 'tiny' }, healthy);
    expect(short).toContain('OWNER_PASSWORD is not a good password (too short)');
    const badAddress = await start(shop, { email: 'not-an-address', password: 'harbour lights 42' }, healthy);
    expect(badAddress).toContain('OWNER_EMAIL is not an e-mail address');
    expect(await owners(shop)).toEqual([]);

    // Asha shops here already: her account becomes the owner, as create-owner would make it
    await insertUser(shop.db, { id: 'asha', role: 'customer', name: 'Asha', emailVerified: false });
    const promoted = await start(shop, { email: 'asha@example.com', password: 'tamarind sunrise' }, async (app) => {
      expect(await loginAsOwner(app, 'asha@example.com', 'tamarind sunrise')).toEqual({ login: 200, owner: true });
    });
    expect(promoted).toContain("asha@example.com is the shop's owner (an existing account, promoted)");
    expect(await owners(shop)).toEqual([{ email: 'asha@example.com' }]);
    expect(await trail(shop)).toEqual([{ actor: 'env', action: 'owner.promoted', detail: JSON.stringify({ email: 'asha@example.com' }) }]);
  });

  it('does nothing without OWNER_EMAIL', async () => {
    const shop = await fresh();
    const log = await start(shop, { password: 'harbour lights 42' });
    expect(log).not.toContain('OWNER_');
    expect(await owners(shop)).toEqual([]);
  });
});

describe('what a start says about messages and their links', () => {
  const database = testDatabases[0]!;

  /** The log lines of a start with these environment variables. */
  async function startLog(vars: Record<string, string>) {
    const on = await database.open();
    const stream = new PassThrough();
    let log = '';
    stream.on('data', (d: Buffer) => (log += d.toString()));
    const { app, db } = await startServer(
      { ...readEnv(vars), shopConfig, ...on.location, seedCatalog: undefined, buildDir: path.join(dir, 'no-build') },
      stream,
    );
    await app.close();
    await db.close();
    await on.dispose();
    return log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
  }
  const errors = (lines: Array<{ level: number; msg: string }>) => lines.filter((l) => l.level >= 50).map((l) => l.msg);

  it('names PUBLIC_URL as an error when a mail server or SMS provider is set without it, and not once it is set', async () => {
    for (const transport of [{ SMTP_URL: 'smtp://127.0.0.1:2525' }, { SMS_URL: 'http://127.0.0.1:9/sms' }] as Array<Record<string, string>>) {
      const unset = errors(await startLog(transport));
      expect(unset, Object.keys(transport)[0]).toHaveLength(1);
      expect(unset[0]).toMatch(/^PUBLIC_URL is not set: .*Host header.* E-mails with a link .* are not sent/);
    }
    expect(errors(await startLog({ SMTP_URL: 'smtp://127.0.0.1:2525', SMS_URL: 'http://127.0.0.1:9/sms', PUBLIC_URL: 'https://shop.example' }))).toEqual([]);
  });

  it('says codes are not offered without a transport, and go to the log only in the demo', async () => {
    const plain = await startLog({});
    expect(plain.map((l) => l.msg)).toContain('SMS_URL is not set: codes by text message (phone code login, sign-up and reset) are not offered');
    expect(errors(plain)).toEqual([]);
    const demo = (await startLog({ DEMO_CODES_IN_LOG: '1' })).map((l) => l.msg);
    expect(demo).toContain(
      'SMS_URL is not set: codes by text message (phone code login, sign-up and reset) are written to this log (DEMO_CODES_IN_LOG, for a demo only)',
    );
  });
});
