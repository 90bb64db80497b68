import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFile } from '../../domain/catalog.ts';
import { createCatalogRepository } from '../db/repositories/catalog-repository.ts';
import { testDatabases } from '../testing/databases.ts';
import { testCatalog } from '../testing/fixtures.ts';
import { buildTestApp } from '../testing/test-app.ts';

const PRODUCTS = 300;
const title = (i: number) => `Tile ${String(i).padStart(3, '0')}`;
/** Whether a page's HTML mentions the product, as a tile or in its data (a failure names it, not the whole page). */
const mentions = (html: string, i: number) => expect(html.includes(title(i)), `${title(i)} in the HTML`);
const tile = (html: string, i: number) => expect(html.includes(`${title(i)}</a>`), `${title(i)}'s tile in the HTML`);

/** The test catalog's categories with PRODUCTS simple products, fruit and clothing in turn. */
function longCatalog(): CatalogFile {
  const base = testCatalog();
  const mango = base.products.find((p) => p.variantId === 'mango')!;
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    ...mango,
    variantId: `p${i}`,
    itemId: `p${i}`,
    title: title(i),
    categoryId: i % 2 ? 'wear' : 'fruit',
    isFraction: false,
    stock: 3,
  }));
  return { ...base, products };
}

describe('the server-rendered catalog page of a long catalog', () => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const opened = await testDatabases[0]!.open();
    dispose = opened.dispose;
    await createCatalogRepository(opened.db, 2).replace(longCatalog());
    app = await buildTestApp(opened.db, { web: true, seed: false });
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  it('shows the first screen of tiles and does not carry the rest of the catalog in its HTML', async () => {
    const res = await app.inject({ url: '/catalog' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>All Products<\/h1>/);
    expect(res.body).toContain('Clothing');
    for (let i = 0; i < 24; i++) tile(res.body, i).toBe(true);
    // neither as tiles nor in the loader data the page hydrates from: the browser fetches the rest
    for (const i of [24, 150, PRODUCTS - 1]) mentions(res.body, i).toBe(false);
    // the catalog the browser fetches has them all
    const api = (await app.inject({ url: '/api/catalog' })).json<{ products: unknown[] }>();
    expect(api.products).toHaveLength(PRODUCTS);
  });

  it('filters by the URL first, then keeps the first screen of that listing', async () => {
    const res = await app.inject({ url: '/catalog?categories=wear' });
    expect(res.body).toMatch(/<h1[^>]*>Clothing<\/h1>/);
    tile(res.body, 1).toBe(true);
    tile(res.body, 47).toBe(true);
    mentions(res.body, 0).toBe(false);
    mentions(res.body, 49).toBe(false);
  });
});
