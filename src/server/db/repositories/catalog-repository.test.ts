import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFileSchema } from '../../../domain/catalog.ts';
import { testDatabases } from '../../testing/databases.ts';
import { testCatalog } from '../../testing/fixtures.ts';
import type { Db } from '../database.ts';
import { createAuditRepository } from '../../testing/audit-log.ts';
import { createCatalogRepository } from './catalog-repository.ts';

describe.each(testDatabases)('catalog repository on $name', (database) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await database.open());
  });
  afterAll(() => dispose());

  it('gives back exactly the catalog the owner imported', async () => {
    const repo = createCatalogRepository(db, 2);
    const file = testCatalog();
    await repo.replace(file);
    const read = await repo.read();
    expect(read.products.map((p) => p.variantId)).toEqual(['tee-red-m', 'tee-red-l', 'mango']);
    expect(read.products[0]).toEqual({ ...file.products[0], id: 'tee-red-m', itemId: 'tee' });
    expect(read.products[1]).toMatchObject({ sku: 'tee-red-l', stock: 0, price: { mrp: 799, regular: 599, special: null } });
    expect(read.products[2]).toMatchObject({ stock: 12.5, isFraction: true, itemId: 'mango', price: { mrp: null } });
    expect(read.categories.map((c) => c.oId)).toEqual(['wear', 'fruit']);
    expect(read.banners[0]).toEqual(file.banners[0]);
  });

  it('keeps the old catalog whole when an import fails half-way', async () => {
    const repo = createCatalogRepository(db, 2);
    await repo.replace(testCatalog());
    const before = await repo.read();
    const broken = testCatalog();
    // a second product with the same variant id fails on the unique index, after other rows went in
    broken.products.push({ ...broken.products[0]!, id: 'other-id' });
    await expect(repo.replace(broken)).rejects.toThrow();
    const after = await repo.read();
    expect(after).toEqual(before);
  });

  it('changes the catalog version when stock changes, so caches refresh, and audits who set it', async () => {
    const repo = createCatalogRepository(db, 2);
    await repo.replace(testCatalog());
    const v1 = await repo.version();
    const before = (await repo.read()).products.find((p) => p.variantId === 'mango')?.stock;
    expect(await repo.setStock('mango', 3.25, 'owner-1')).toEqual({ ok: true, variantId: 'mango', from: before, to: 3.25 });
    expect(await repo.version()).not.toBe(v1);
    expect((await repo.read()).products.find((p) => p.variantId === 'mango')?.stock).toBe(3.25);
    expect(await createAuditRepository(db).list('product:mango')).toMatchObject([
      { actor: 'owner-1', action: 'stock.set', detail: { from: before, to: 3.25 } },
    ]);
    expect(await repo.setStock('no-such-product', 1, 'owner-1')).toBeNull();
    // the quantity rule at the scale's resolution: grams for weights, whole pieces; nothing changed otherwise
    expect(await repo.setStock('mango', 2.3456, 'owner-1')).toEqual({ ok: false, problem: 'off_gram' });
    expect(await repo.setStock('tee-red-m', 2.5, 'owner-1')).toEqual({ ok: false, problem: 'not_whole' });
    expect(await repo.setStock('mango', 1.1, 'owner-1')).toMatchObject({ ok: true, to: 1.1 });
    expect((await repo.read()).products.find((p) => p.variantId === 'mango')?.stock).toBe(1.1);
  });

  it("changes only the edited product's price and tags when another has the same ones", async () => {
    const repo = createCatalogRepository(db, 2);
    const file = testCatalog();
    const mango = file.products[2]!;
    file.products[2] = { ...mango, price: { mrp: 799, regular: 599, special: 499.5 }, tags: ['new'] };
    await repo.replace(file);
    expect(await repo.editProduct('mango', { price: { special: 450 }, tags: ['new', 'summer'] }, 'owner-1')).toMatchObject({ ok: true });
    const read = await repo.read();
    expect(read.products.find((p) => p.variantId === 'mango')).toMatchObject({ price: { mrp: 799, regular: 599, special: 450 }, tags: ['new', 'summer'] });
    expect(read.products.find((p) => p.variantId === 'tee-red-m')).toMatchObject({ price: { mrp: 799, regular: 599, special: 499.5 }, tags: ['new'] });
    expect(read.products.find((p) => p.variantId === 'tee-red-l')).toMatchObject({ tags: ['new'] });
  });

  it('stores the whole demo catalog', async () => {
    const repo = createCatalogRepository(db, 2);
    const demo = catalogFileSchema.parse(JSON.parse(readFileSync('demo/catalog.json', 'utf8')));
    await repo.replace(demo);
    const read = await repo.read();
    expect(read.products).toHaveLength(demo.products.length);
    expect(read.banners).toHaveLength(demo.banners.length);
  });
});
