import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../../../domain/catalog.ts';
import { groupVariants } from '../../../../domain/catalog-view.ts';
import type { TileProduct } from '../components/product-tile.tsx';
import { catalogPage, firstScreenPage } from './catalog-page.ts';

const category = (oId: string, name: string): Category => ({ oId, name, position: 0, colour: '#123456', image: '' });
const product = (variantId: string, categoryId: string, tags: string[] = []): Product => ({
  id: variantId,
  itemId: variantId,
  variantId,
  variantName: '',
  title: `Product ${variantId}`,
  description: 'A long description the tiles do not need',
  categoryId,
  price: { mrp: null, regular: 10, special: null },
  images: [],
  stock: 5,
  isFraction: false,
  sku: variantId,
  type_id: 'simple',
  errors: {},
  tags,
});

const catalog = {
  categories: [category('fruit', 'Fruit'), category('tea', 'Tea')],
  products: [product('mango', 'fruit', ['new']), product('assam', 'tea'), product('kiwi', 'fruit')],
};
const page = (query: string) => catalogPage(catalog, new URLSearchParams(query));

describe('the catalog page for a URL', () => {
  it('shows every product under All Products without parameters', () => {
    const all = page('');
    expect(all.heading).toBeNull();
    expect(all.active).toEqual([]);
    expect(all.products.map((p) => p.variantId)).toEqual(['mango', 'assam', 'kiwi']);
    expect(all.categories).toHaveLength(2);
  });

  it('filters by a category and is headed by its name', () => {
    const fruit = page('categories=fruit');
    expect(fruit.heading).toBe('Fruit');
    expect(fruit.active).toEqual(['fruit']);
    expect(fruit.products.map((p) => p.variantId)).toEqual(['mango', 'kiwi']);
  });

  it("a category with a blank name is not All Products: its heading is left for 'Unnamed'", () => {
    const blank = catalogPage(
      { ...catalog, categories: [...catalog.categories, category('misc', '  ')], products: [...catalog.products, product('pin', 'misc')] },
      new URLSearchParams('categories=misc'),
    );
    expect(blank.heading).toBe('');
    expect(blank.products.map((p) => p.variantId)).toEqual(['pin']);
  });

  it('a banner linking to two categories lands on both, headed by their names in the list order', () => {
    const both = catalogPage(
      {
        ...catalog,
        categories: [
          { ...category('fruit', 'Fresh Fruits'), position: 0 },
          { ...category('tea', 'Tea & Coffee'), position: 1 },
        ],
      },
      new URLSearchParams('categories=tea,fruit'),
    );
    expect(both.heading).toBe('Fresh Fruits, Tea & Coffee');
    expect(both.active).toEqual(['tea', 'fruit']);
    expect(both.products.map((p) => p.variantId)).toEqual(['mango', 'assam', 'kiwi']);
  });

  it('filters by tags and is headed by them', () => {
    const tagged = page('tags=new');
    expect(tagged.heading).toBe('#new');
    expect(tagged.products.map((p) => p.variantId)).toEqual(['mango']);
  });

  it('sends tiles without the descriptions', () => {
    expect(page('').products[0]).not.toHaveProperty('description');
  });
});

describe('the first screen the server sends of a long listing', () => {
  const many = (count: number, variantsEach = 1) => ({
    categories: catalog.categories,
    // an item's later variants come at the end of the catalog, as an import may order them
    products: Array.from({ length: variantsEach }, (_, v) =>
      Array.from({ length: count }, (_, i) => ({ ...product(`p${i}-v${v}`, i % 2 ? 'tea' : 'fruit'), itemId: `p${i}` })),
    ).flat(),
  });
  const all = new URLSearchParams();

  it('keeps a listing of up to 120 tiles whole, as the page lists them all', () => {
    expect(firstScreenPage(many(120), all, false)).toEqual(catalogPage(many(120), all));
    expect(firstScreenPage(many(120, 3), all, true)).toEqual(catalogPage(many(120, 3), all));
  });

  it('sends only the first 24 tiles of a longer one, with how many there are in all', () => {
    const sent = firstScreenPage(many(500), all, false);
    expect(sent.products.map((p) => p.variantId)).toEqual(Array.from({ length: 24 }, (_, i) => `p${i}-v0`));
    expect(sent.products[0]).not.toHaveProperty('description');
    expect(sent.tilesInAll).toBe(500);
  });

  it('with variants grouped, sends every variant of the first 24 items, so their tiles come out the same', () => {
    const sent = firstScreenPage(many(130, 2), all, true);
    expect(sent.tilesInAll).toBe(130);
    expect(sent.products).toHaveLength(48);
    const tiles = (products: readonly TileProduct[]) => groupVariants(products).map((g) => [g.product.variantId, g.variants.length]);
    expect(tiles(sent.products)).toEqual(tiles(catalogPage(many(130, 2), all).products).slice(0, 24));
  });

  it('keeps the heading, chips and filter of the URL', () => {
    const sent = firstScreenPage(many(500), new URLSearchParams('categories=tea'), false);
    expect(sent).toMatchObject({ heading: 'Tea', active: ['tea'], tilesInAll: 250 });
    expect(sent.categories).toHaveLength(2);
    expect(sent.products.every((p) => p.categoryId === 'tea')).toBe(true);
  });
});
