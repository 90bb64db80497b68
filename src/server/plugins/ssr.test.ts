import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { buildTestApp, useTestApp } from '../testing/test-app.ts';

const NOT_FOUND = ["We can&#x27;t find the page", 'Unfortunately we can&#x27;t find the page you are looking for.'];

describe.each(testDatabases)('server-rendered pages on $name', (database) => {
  const t = useTestApp(database, { web: true });

  it('the cover shows the shop and its products in the first HTML', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Test Shop</title>');
    expect(res.body).toContain('Cotton Tee');
    expect(res.body).toContain('₹499.50');
    expect(res.body).toContain('--color-primary:#2874f0');
  });

  it('every inline script carries the nonce of the CSP header', async () => {
    const res = await t.app.inject({ url: '/catalog' });
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter((m) => !m[1]!.includes('application/ld+json'));
    expect(inline.length).toBeGreaterThan(0);
    for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`);
    // a fresh nonce per response
    const again = await t.app.inject({ url: '/catalog' });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('the stylesheet comes first in the head and the scripts load at low priority after it', async () => {
    const res = await t.app.inject({ url: '/' });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const stylesheet = head.search(/<link rel="stylesheet"/);
    const preloads = [...head.matchAll(/<link rel="modulepreload"[^>]*>/g)];
    expect(stylesheet).toBeGreaterThan(0);
    expect(preloads.length).toBeGreaterThan(0);
    for (const p of preloads) {
      expect(p[0]).toContain('fetchpriority="low"');
      expect(p.index).toBeGreaterThan(stylesheet);
    }
    // the rest of the page streams through as React wrote it
    expect(res.body.slice(res.body.indexOf('</head>'))).not.toContain('fetchpriority="low"');
    expect(res.body).toContain('₹499.50');
  });

  it('the catalog lists products, filtered by a category or tag link', async () => {
    const all = await t.app.inject({ url: '/catalog' });
    expect(all.body).toContain('Cotton Tee');
    expect(all.body).toContain('Alphonso Mango');
    const fruit = await t.app.inject({ url: '/catalog?categories=fruit' });
    expect(fruit.body).toContain('Alphonso Mango');
    expect(fruit.body).not.toContain('Cotton Tee</a>');
    const tagged = await t.app.inject({ url: '/catalog?tags=new' });
    expect(tagged.body).toContain('Cotton Tee');
    expect(tagged.body).not.toContain('Alphonso Mango</a>');
  });

  it('a product page has its title, price, options and JSON-LD product data', async () => {
    const res = await t.app.inject({ url: '/p/tee-red-m' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Cotton Tee<\/h1>/);
    expect(res.body).toContain('₹499.50');
    expect(res.body).toContain('/p/tee-red-l');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'Product', name: 'Cotton Tee', sku: 'TEE-R-M', offers: { price: '499.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock' } });
  });

  it('an unknown page or product answers 404 with the spec texts', async () => {
    for (const url of ['/no-such-page', '/p/no-such-product', '/catalog/extra/segments']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      for (const t of NOT_FOUND) expect(res.body).toContain(t);
    }
  });

  it('robots.txt and sitemap.xml list the shop and every product', async () => {
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'shop.example' } });
    expect(robots.body).toContain('Sitemap: http://shop.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /checkout');
    const sitemap = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'shop.example' } });
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    for (const sku of ['tee-red-m', 'tee-red-l', 'mango']) expect(sitemap.body).toContain(`<loc>http://shop.example/p/${sku}</loc>`);
  });

  it('serves built assets for a year, precompressed', async () => {
    const page = await t.app.inject({ url: '/' });
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
    expect(asset).toBeTruthy();
    const res = await t.app.inject({ url: asset!, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('serves the service worker for revalidation on every check, naming the built assets it precaches', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ url: '/' });
    const asset = /\/assets\/([\w.-]+\.js)/.exec(page.body)?.[1];
    expect(res.body).toContain(`assets/${asset}`);
  });
});

describe('a shop whose config is invalid', () => {
  it('shows the error screen on every page with status 503', async () => {
    const { db, dispose } = await testDatabases[0]!.open();
    const app = await buildTestApp(db, { config: { ...testShopConfig(), title: '' }, web: true, seed: false });
    try {
      for (const url of ['/', '/home', '/catalog', '/p/anything']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(503);
        expect(res.body).toContain('Something went wrong ...');
        expect(res.body).toContain('We&#x27;ve noticed Internal Server Error while rendering this request.');
      }
    } finally {
      await app.close();
      await dispose();
    }
  });
});
