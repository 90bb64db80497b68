import { createHash, randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { createAccessTokens } from '../services/access-tokens.ts';
import { testShopConfig } from '../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../testing/orders.ts';
import { buildTestApp, useTestApp } from '../testing/test-app.ts';
import { addOwnerPriya } from '../testing/users.ts';

const NOT_FOUND = ['We can&#x27;t find the page', 'Unfortunately we can&#x27;t find the page you are looking for.'];

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

  it('allows exactly the inline scripts of the page, by their hashes', async () => {
    const res = await t.app.inject({ url: '/catalog' });
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!;
    expect(scriptSrc).not.toMatch(/unsafe-inline|nonce-/);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !m[1]!.includes('application/ld+json'));
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
    expect(
      scriptSrc
        .split(' ')
        .filter((s) => s.startsWith("'sha256-"))
        .sort(),
    ).toEqual([...new Set(hashes)].sort());
  });

  it('the stylesheet comes first in the head and the scripts load at low priority after it', async () => {
    const res = await t.app.inject({ url: '/' });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const stylesheet = head.search(/<link rel="stylesheet"/);
    // React 19 hoists the script preloads React Router renders into the head, after the stylesheet (its precedence puts it first)
    const preloads = [...res.body.matchAll(/<link rel="modulepreload"[^>]*>/g)];
    expect(stylesheet).toBeGreaterThan(0);
    expect(preloads.length).toBeGreaterThan(0);
    for (const p of preloads) {
      expect(p[0]).toContain('fetchpriority="low"');
      expect(p.index).toBeGreaterThan(stylesheet);
    }
    // the rest of the page streams through as React wrote it
    expect(res.body.match(/fetchpriority="low"/g)).toHaveLength(preloads.length);
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
    expect(JSON.parse(ld!)).toMatchObject({
      '@type': 'Product',
      name: 'Cotton Tee',
      sku: 'TEE-R-M',
      offers: { price: '499.50', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
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

describe.each(testDatabases)('the description search engines read, on $name', (database) => {
  const t = useTestApp(database, { web: true, config: { ...testShopConfig(), description: 'Fresh fruit and cotton wear.' } });
  const descriptions = (html: string) => [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]);

  it("is the shop's on its pages and the product's alone on a product page", async () => {
    expect(descriptions((await t.app.inject({ url: '/catalog' })).body)).toEqual(['Fresh fruit and cotton wear.']);
    expect(descriptions((await t.app.inject({ url: '/p/tee-red-m' })).body)).toEqual(['Soft cotton.']);
  });
});

describe.each(testDatabases)('pages served again on $name (decision 028)', (database) => {
  const secret = randomBytes(32);
  const orders = { orderEnabled: true, pickupEnabled: true, detailsConfig: { personal: { fullName: true, email: true, phone: false } } };
  const t = useTestApp(database, {
    web: true,
    authSecret: secret,
    config: { ...testShopConfig(), orderConfig: orders, payment: { providers: [{ id: 'pof', providerName: 'Pay on delivery', buttonText: 'Place order' }] } },
  });
  const owner = async () => {
    return `Bearer ${await addOwnerPriya(t.db, createAccessTokens(secret), 'owner-1')}`;
  };

  it('is the same page in brotli, gzip and uncompressed', async () => {
    const plain = await t.app.inject({ url: '/p/tee-red-m', headers: { 'accept-encoding': 'identity' } });
    const br = await t.app.inject({ url: '/p/tee-red-m', headers: { 'accept-encoding': 'br' } });
    const gzip = await t.app.inject({ url: '/p/tee-red-m', headers: { 'accept-encoding': 'gzip' } });
    expect(plain.body).toContain('Cotton Tee');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it("follows each shopper's language on the same address", async () => {
    const english = await t.app.inject({ url: '/p/tee-red-m' });
    const hindi = await t.app.inject({ url: '/p/tee-red-m', headers: { cookie: 'sid=1; lang=hi-IN' } });
    expect(english.body).toContain('<html lang="en-IN"');
    expect(hindi.body).toContain('<html lang="hi-IN"');
    expect((await t.app.inject({ url: '/p/tee-red-m' })).body).toContain('<html lang="en-IN"');
  });

  it('shows a sold-out product as sold out as soon as the order is placed', async () => {
    const availability = async () => {
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec((await t.app.inject({ url: '/p/tee-red-m' })).body)![1]!;
      return (JSON.parse(ld) as { offers: { availability: string } }).offers.availability;
    };
    expect(await availability()).toBe('https://schema.org/InStock');
    const order = await placeOrder(t.app, checkoutOrder({ items: [{ id: 'tee-red-m', qty: 5 }] }));
    expect(order.json()).toMatchObject({ success: true });
    expect(await availability()).toBe('https://schema.org/OutOfStock');
  });

  it('says the shop is closed on every page as soon as the owner closes it, and not after it opens', async () => {
    const closed = /<p role="status"[^>]*>The shop is closed right now/;
    expect((await t.app.inject({ url: '/' })).body).not.toMatch(closed);
    const authorization = await owner();
    expect((await t.app.inject({ method: 'POST', url: '/admin/api/store', headers: { authorization }, payload: { open: false } })).statusCode).toBe(200);
    for (const url of ['/', '/p/tee-red-m']) expect((await t.app.inject({ url })).body).toMatch(closed);
    await t.app.inject({ method: 'POST', url: '/admin/api/store', headers: { authorization }, payload: { open: true } });
    expect((await t.app.inject({ url: '/' })).body).not.toMatch(closed);
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
        // what is wrong is the owner's (the log, /admin)
        expect(res.body).not.toContain('Invalid Title');
      }
    } finally {
      await app.close();
      await dispose();
    }
  });
});
