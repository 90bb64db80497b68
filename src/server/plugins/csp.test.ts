import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { testDatabases } from '../testing/databases.ts';
import { testCatalog } from '../testing/fixtures.ts';
import { buildTestApp, loadWebBuild } from '../testing/test-app.ts';

/**
 * The CSP allows the page's own inline scripts by hash (decision 028), and only those: a
 * script that reached the HTML any other way (shopper text let through as markup) stays
 * blocked, even though it is in the page the hashes are made from.
 */
const INJECTED = '<script>alert(1)</script>';
const sha = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const allowedHashes = (csp: unknown) =>
  /(?:^|;)script-src ([^;]*)/
    .exec(String(csp))![1]!
    .split(' ')
    .filter((s) => s.startsWith("'sha256-"));
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !m[1]!.includes('application/ld+json')).map((m) => m[2]!);

/** The real build, but its render lets `markup` into the top of every page's body, as a component that printed raw shopper text would. */
async function buildLettingIn(markup: string) {
  const web = await loadWebBuild();
  const render = web.build.entry.module.default;
  const leaky: ServerBuild['entry']['module']['default'] = async (...args) => {
    const res = await render(...args);
    const html = (await res.text()).replace(/<body[^>]*>/, (body) => body + markup);
    return new Response(html, { status: res.status, headers: res.headers });
  };
  return { ...web, build: { ...web.build, entry: { module: { ...web.build.entry.module, default: leaky } } } };
}

describe.each(testDatabases)('inline scripts in the CSP on $name', (database) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await database.open();
    dispose = opened.dispose;
    const catalog = testCatalog();
    catalog.products[2]!.title = `Mango ${INJECTED}`;
    await createCatalogRepository(opened.db, 2).replace(catalog);
    app = await buildTestApp(opened.db, { seed: false, web: await buildLettingIn(INJECTED) });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('a script that got into the page is not allowed, while every script the page writes itself is', async () => {
    for (const served of ['rendered', 'from the page cache']) {
      const res = await app.inject({ url: '/catalog' });
      expect(res.statusCode, served).toBe(200);
      expect(res.body, served).toContain(INJECTED);
      const allowed = allowedHashes(res.headers['content-security-policy']);
      expect(allowed, served).not.toContain(sha('alert(1)'));
      const own = inlineScripts(res.body).filter((code) => code !== 'alert(1)');
      // the hydration data and module imports at least, so the page still comes alive
      expect(
        own.some((code) => code.includes('__reactRouterContext')),
        served,
      ).toBe(true);
      expect(allowed.sort(), served).toEqual([...new Set(own.map(sha))].sort());
    }
  });

  it('a product named with a script tag shows the name as text, and no script of it runs', async () => {
    const res = await app.inject({ url: '/p/mango' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Mango &lt;script&gt;alert(1)&lt;/script&gt;');
    // the one raw copy is the one the leaky render let in, and it stays blocked
    expect(res.body.split(INJECTED)).toHaveLength(2);
    expect(allowedHashes(res.headers['content-security-policy'])).not.toContain(sha('alert(1)'));
  });
});
