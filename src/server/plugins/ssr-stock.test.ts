import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../services/access-tokens.ts';
import { testDatabases } from '../testing/databases.ts';
import { pickupShopConfig } from '../testing/fixtures.ts';
import { checkoutOrder, placeOrder } from '../testing/orders.ts';
import { buildTestApp, countingBuild } from '../testing/test-app.ts';
import { addUsers } from '../testing/users.ts';

/**
 * Decision 053: an order does not make every page again. A kept page is served as long as
 * what it shows of the stock is still so; a page whose stock words change is made afresh on
 * the next request. The test catalog: Cotton Tee in Red / M (5 left) and Red / L (none),
 * and 12.5 kg of Alphonso Mango.
 */
const secret = randomBytes(32);
const tokens = createAccessTokens(secret);

/** The stock line of a product page, under its Add button. */
const stockLine = (html: string) => /<p class="(?:font-medium text-red-700|text-green-800)">([^<]*)<\/p>/.exec(html)?.[1];
/** The 'Out of stock' badges of a list page's tiles, each with the tile's title. */
const outTiles = (html: string) => [...html.matchAll(/>Out of stock<\/span>.*?<a [^>]*>([^<]+)<\/a>/gs)].map((m) => m[1]);

const PAGES = ['/', '/home', '/catalog', '/p/tee-red-m', '/p/tee-red-l', '/p/mango'];

describe.each(testDatabases)('kept pages and orders on $name', (database) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  const rendered: string[] = [];
  let owner = '';

  beforeAll(async () => {
    const opened = await database.open();
    dispose = opened.dispose;
    app = await buildTestApp(opened.db, { config: pickupShopConfig(), authSecret: secret, web: await countingBuild(rendered) });
    owner = (await addUsers(opened.db, tokens, [['priya', 'owner']])).priya!;
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const page = async (url: string) => {
    const res = await app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  /** Asks for every page once; the addresses the server had to render for it. */
  const visitAll = async () => {
    rendered.length = 0;
    const bodies = Object.fromEntries(await Promise.all(PAGES.map(async (url) => [url, await page(url)] as const)));
    return { rendered: [...rendered].sort(), bodies };
  };
  const order = async (id: string, qty: number) => {
    const res = await placeOrder(app, checkoutOrder({ items: [{ id, qty }], personalDetails: { fullName: 'Asha Rao' } }));
    expect(res.statusCode, res.body).toBe(200);
  };

  it('an order that changes no stock words keeps every page; one that does makes again only the pages that show it', async () => {
    const first = await visitAll();
    expect(first.rendered).toEqual([...PAGES].sort());
    expect(stockLine(first.bodies['/p/tee-red-m']!)).toBe('Only 5 left');
    expect(stockLine(first.bodies['/p/mango']!)).toBe('In stock');
    // asked again: all kept
    expect((await visitAll()).rendered).toEqual([]);

    // 1 kg of mango: 11.5 kg left, still 'In stock' everywhere
    await order('mango', 1);
    const afterMango = await visitAll();
    expect(afterMango.rendered).toEqual([]);
    expect(stockLine(afterMango.bodies['/p/mango']!)).toBe('In stock');

    // one tee: 'Only 4 left' on the tee's pages (both sizes are one product); the lists show no counts
    await order('tee-red-m', 1);
    const afterTee = await visitAll();
    expect(afterTee.rendered).toEqual(['/p/tee-red-l', '/p/tee-red-m']);
    expect(stockLine(afterTee.bodies['/p/tee-red-m']!)).toBe('Only 4 left');
    expect(outTiles(afterTee.bodies['/catalog']!)).toEqual([]);
  });

  it('selling the last pieces shows the product out of stock on its page and on the lists at the next request', async () => {
    await visitAll();
    expect((await visitAll()).rendered).toEqual([]);
    const dataBefore = await page('/p/tee-red-m.data');
    expect(await page('/p/tee-red-m.data')).toBe(dataBefore);
    await order('tee-red-m', 4);
    const soldOut = await visitAll();
    // the mango's page says nothing about the tee
    expect(soldOut.rendered).toEqual(['/', '/catalog', '/home', '/p/tee-red-l', '/p/tee-red-m']);
    const product = soldOut.bodies['/p/tee-red-m']!;
    expect(stockLine(product)).toBe('Out of stock');
    expect(product).toContain('https://schema.org/OutOfStock');
    expect(product).toMatch(/<button type="button" disabled=""[^>]*>Out of stock<span class="sr-only"> <!-- -->Cotton Tee<\/span><\/button>/);
    for (const url of ['/', '/home', '/catalog']) expect(outTiles(soldOut.bodies[url]!), url).toEqual(['Cotton Tee']);
    // the data a client navigation asks for is not the kept one either
    expect(await page('/p/tee-red-m.data')).not.toBe(dataBefore);
    expect((await visitAll()).rendered).toEqual([]);
  });

  it("the owner's change of a price makes every page showing it again", async () => {
    await visitAll();
    const res = await app.inject({
      method: 'PATCH',
      url: '/admin/api/products/mango',
      payload: { price: { regular: 350 } },
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = await visitAll();
    expect(edited.rendered).toEqual([...PAGES].sort());
    for (const url of ['/catalog', '/p/mango']) expect(edited.bodies[url], url).toContain('₹350.00');
  });
});
