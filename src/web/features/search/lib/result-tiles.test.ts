import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../domain/catalog.ts';
import { createSearchIndex } from '../../../../domain/search.ts';
import { testProduct } from '../../../../domain/testing/products.ts';
import { resultTiles } from './result-tiles.ts';

const product = (over: Partial<Product>) => testProduct({ categoryId: 'clothes', price: { mrp: null, regular: 499, special: null }, ...over });

// the demo's T-shirt: Red is on sale, Red / L is sold out
const tee = (colour: string, size: string, stock: number, special: number | null = null) =>
  product({
    id: `tee-${colour}-${size}`,
    variantId: `tee-${colour}-${size}`,
    itemId: 'tee',
    title: 'Classic Cotton Crew T-shirt',
    variantName: `${colour} / ${size}`,
    stock,
    price: { mrp: null, regular: 499, special },
  });
const redS = tee('Red', 'S', 0, 449);
const redM = tee('Red', 'M', 20, 449);
const navyL = tee('Navy', 'L', 15);
const mug = product({ id: 'mug', itemId: 'mug', title: 'Crew Mug', categoryId: 'kitchen' });
const catalog = [redS, redM, navyL, mug];

const shown = (tiles: { product: Product; variants: number }[]) => tiles.map((t) => [t.product.id, t.variants]);

describe('search results as the catalog shows them', () => {
  it('with variants grouped, a hit on Navy / L shows the tile the catalog shows: Red / M at 449, 3 options', () => {
    // Red / S is sold out, so the catalog leads the item with Red / M
    const [tile] = resultTiles(catalog, { grouped: true })([navyL]);
    expect(tile).toEqual({ product: redM, variants: 3 });
    expect(tile!.product.price.special).toBe(449);
  });

  it('with variants grouped, the words that found a variant do not change which one is shown', () => {
    const index = createSearchIndex(catalog, [{ oId: 'clothes', name: 'Clothes', position: 1, colour: '#000000', image: '' }]);
    const hits = index.search('crew navy', { groupByItem: true }).products;
    expect(hits.map((p) => p.id)).toContain('tee-Navy-L');
    expect(shown(resultTiles(catalog, { grouped: true })(hits))).toEqual([['tee-Red-M', 3]]);
  });

  it('with variants grouped, two hits of one item make one result, in the order of the hits', () => {
    expect(shown(resultTiles(catalog, { grouped: true })([mug, navyL, redS]))).toEqual([
      ['mug', 1],
      ['tee-Red-M', 3],
    ]);
  });

  it('with categories chosen, an item is led as that category listing leads it', () => {
    // Navy / L alone is in "sale": the catalog filtered to it shows a one-variant tile of Navy / L
    const onSale = { ...navyL, categoryId: 'sale' };
    const products = [redS, redM, onSale, mug];
    expect(shown(resultTiles(products, { grouped: true, categories: ['sale'] })([onSale]))).toEqual([['tee-Navy-L', 1]]);
    expect(shown(resultTiles(products, { grouped: true, categories: [] })([onSale]))).toEqual([['tee-Red-M', 3]]);
  });

  it('without grouping, every variant found is its own result, as found', () => {
    expect(shown(resultTiles(catalog, { grouped: false })([navyL, redS, redM]))).toEqual([
      ['tee-Navy-L', 1],
      ['tee-Red-S', 1],
      ['tee-Red-M', 1],
    ]);
  });
});
