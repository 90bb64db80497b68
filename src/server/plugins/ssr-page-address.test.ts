import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases.ts';
import { buildTestApp, countingBuild } from '../testing/test-app.ts';

/**
 * Decision 077: a page is kept and rendered under its path and the query parameters it
 * reads. Tracking parameters and made-up ones give the page of the bare address, rendered
 * once; the catalog's filters still give their own pages; and one client's renders of pages
 * no cache has are limited, while kept pages and other clients are not.
 */
const random = () => randomBytes(6).toString('hex');

/** The product links of a list page, in order. */
const tiles = (html: string) => [...html.matchAll(/<a [^>]*href="\/p\/([^"]+)"/g)].map((m) => m[1]);

describe.each(testDatabases)('pages by the parameters they read, on $name', (database) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  const rendered: string[] = [];

  beforeAll(async () => {
    const opened = await database.open();
    dispose = opened.dispose;
    // 5 renders a client, over a window no test outlasts: a slow machine cannot let it run out mid-test
    app = await buildTestApp(opened.db, { web: await countingBuild(rendered), renderLimit: { max: 5, windowMs: 600_000 } });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const get = (url: string, remoteAddress = '198.51.100.1') => app.inject({ url, remoteAddress });

  it('renders /home once for any tracking or made-up parameters, and answers them all the same page', async () => {
    rendered.length = 0;
    const tokens = Array.from({ length: 23 }, random);
    const urls = [
      ...tokens.slice(0, 20).map((token) => `/home?x=${token}`),
      `/home?utm_source=newsletter&utm_medium=email&utm_campaign=diwali-${tokens[20]}`,
      `/home?fbclid=IwAR${tokens[21]}&gclid=Cj0K${tokens[22]}`,
      '/home',
    ];
    // all at once, as a flood comes: they wait for one render rather than make it each
    const answers = await Promise.all(urls.map((url, i) => get(url, `198.51.100.${10 + i}`)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(rendered).toEqual(['/home']);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    // nothing of the address it was asked by is in the page
    for (const token of tokens) expect(answers[0]!.body).not.toContain(token);

    // asked again later, still the one kept page
    expect((await get(`/home?x=${random()}`)).body).toBe(answers[0]!.body);
    expect(rendered).toEqual(['/home']);
  });

  it('the catalog is still a page per search and filter, its tracking parameters dropped', async () => {
    rendered.length = 0;
    const tee = await get('/catalog?q=tee&utm_source=whatsapp', '198.51.100.40');
    const mango = await get('/catalog?q=mango', '198.51.100.41');
    const fruit = await get('/catalog?categories=fruit&fbclid=abc', '198.51.100.42');
    expect(tiles(tee.body)).toEqual(['tee-red-m']);
    expect(tiles(mango.body)).toEqual(['mango']);
    expect(tiles(fruit.body)).toEqual(['mango']);
    expect(rendered.sort()).toEqual(['/catalog?categories=fruit', '/catalog?q=mango', '/catalog?q=tee']);

    // the same filters in another order, or with other tracking, are the same kept page
    expect((await get('/catalog?gclid=x&q=tee', '198.51.100.43')).body).toBe(tee.body);
    expect((await get('/catalog?tags=new&q=tee', '198.51.100.44')).statusCode).toBe(200);
    expect((await get('/catalog?q=tee&tags=new', '198.51.100.45')).statusCode).toBe(200);
    expect(rendered.filter((url) => url.includes('tags'))).toEqual(['/catalog?q=tee&tags=new']);
    // a client navigation's data request keeps React Router's own parameter
    const data = await get('/catalog.data?q=mango&_routes=routes%2Fcatalog&utm_source=x', '198.51.100.46');
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('mango');
    expect(data.body).not.toContain('tee-red-m');
  });

  it("stops one client's flood of pages nobody has with 429, while its kept pages and another client's first page still come", async () => {
    const flooder = '203.0.113.7';
    const first = await get('/catalog?q=tee%20red', flooder);
    expect(first.statusCode).toBe(200);
    // four more renders are its limit's rest; then every new search is refused
    for (let i = 0; i < 4; i++) expect((await get(`/catalog?q=${random()}`, flooder)).statusCode).toBe(200);
    rendered.length = 0;
    const refused = await Promise.all(Array.from({ length: 10 }, () => get(`/catalog?q=${random()}`, flooder)));
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ error: 'too_many_requests' });
    }
    expect(rendered).toEqual([]);

    // what is kept is served to it still
    const again = await get('/catalog?q=tee%20red&utm_source=x', flooder);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect((await get('/home', flooder)).statusCode).toBe(200);

    // another client is not held back by it
    const other = await get(`/catalog?q=mango&tags=${random()}`, '203.0.113.8');
    expect(other.statusCode).toBe(200);
    expect(rendered).toHaveLength(1);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it does not lift the limit', async () => {
    for (let i = 0; i < 5; i++) expect((await get(`/catalog?q=${random()}`, `2001:db8:5:6::${i + 1}`)).statusCode).toBe(200);
    expect((await get(`/catalog?q=${random()}`, '2001:db8:5:6:ffff::9')).statusCode).toBe(429);
    expect((await get(`/catalog?q=${random()}`, '2001:db8:5:7::1')).statusCode).toBe(200);
  });
});
