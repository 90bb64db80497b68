import { describe, expect, it } from 'vitest';
import type { Category } from './catalog.ts';
import { testProduct } from './testing/products.ts';
import { filterProducts, firstTiles, groupVariants, productErrors, sizeGuideFor, parseCatalogFilter, sortCategories } from './catalog-view.ts';

const product = testProduct;

describe('catalog view', () => {
  it('shoppers following a category link see only that category', () => {
    const products = [product({ id: 'a', categoryId: 'fruit' }), product({ id: 'b', categoryId: 'veg' })];
    const filter = parseCatalogFilter(new URLSearchParams('categories=fruit'));
    expect(filterProducts(products, filter).map((p) => p.id)).toEqual(['a']);
  });

  it('shoppers following a tag link see products with any of the tags', () => {
    const products = [product({ id: 'a', tags: ['new'] }), product({ id: 'b', tags: ['sale'] }), product({ id: 'c' })];
    const filter = parseCatalogFilter(new URLSearchParams('tags=new,sale'));
    expect(filterProducts(products, filter).map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('shoppers without JavaScript can still search by words in the title', () => {
    const products = [product({ id: 'a', title: 'Alphonso Mango' }), product({ id: 'b', title: 'Basmati Rice' })];
    expect(filterProducts(products, parseCatalogFilter(new URLSearchParams('q=mango'))).map((p) => p.id)).toEqual(['a']);
  });

  it('lists categories by position', () => {
    const cats: Category[] = [
      { oId: 'b', name: 'B', position: 2, colour: '#000000', image: '' },
      { oId: 'a', name: 'A', position: 1, colour: '#000000', image: '' },
    ];
    expect(sortCategories(cats).map((c) => c.oId)).toEqual(['a', 'b']);
  });

  it('shows one tile per item, led by a variant that is in stock', () => {
    const products = [product({ id: 's', itemId: 'tee', stock: 0 }), product({ id: 'm', itemId: 'tee', stock: 2 }), product({ id: 'z', itemId: 'mug' })];
    const groups = groupVariants(products);
    expect(groups.map((g) => g.product.id)).toEqual(['m', 'z']);
    expect(groups[0]!.variants).toHaveLength(2);
  });

  it('a carousel of 4 tiles with grouping shows 4 items, each with all of its options', () => {
    // a category as the demo's clothing: nine T-shirt variants first, then a kurta, sneakers, chappals and a cap
    const tees = ['red-s', 'red-m', 'red-l', 'navy-s', 'navy-m', 'navy-l', 'white-s', 'white-m', 'white-l'].map((v) =>
      product({ id: `tee-${v}`, itemId: 'tee' }),
    );
    const others = ['kurta', 'sneakers', 'chappals', 'cap'].map((item) => product({ id: `${item}-1`, itemId: item }));
    const chosen = firstTiles([...tees, ...others], 4, true);
    const tiles = groupVariants(chosen);
    expect(tiles.map((t) => t.product.itemId)).toEqual(['tee', 'kurta', 'sneakers', 'chappals']);
    expect(tiles[0]!.variants).toHaveLength(9);
  });

  it('without grouping a tile is a product, so the first products are the tiles', () => {
    const products = ['a1', 'a2', 'b1', 'c1'].map((id) => product({ id, itemId: id[0]! }));
    expect(firstTiles(products, 3, false).map((p) => p.id)).toEqual(['a1', 'a2', 'b1']);
  });

  it('keeps the variants of an item in their place even when other items come between them', () => {
    const products = [
      product({ id: 'a1', itemId: 'a' }),
      product({ id: 'b1', itemId: 'b' }),
      product({ id: 'c1', itemId: 'c' }),
      product({ id: 'a2', itemId: 'a' }),
    ];
    expect(firstTiles(products, 2, true).map((p) => p.id)).toEqual(['a1', 'b1', 'a2']);
  });

  it("lists the owner's product messages as written, without the blank ones", () => {
    expect(productErrors(product({ errors: { stock: '  Back on 1 March ', note: ' ', brand: 'Discontinued by the brand' } }))).toEqual([
      'Back on 1 March',
      'Discontinued by the brand',
    ]);
    expect(productErrors(product({}))).toEqual([]);
  });

  it("offers a product's own size guide first, then its category's, else none", () => {
    const byCategory = { clothes: 'S: chest 91 cm' };
    expect(sizeGuideFor(product({ categoryId: 'clothes', sizeGuide: 'UK 7: 25.4 cm' }), byCategory)).toBe('UK 7: 25.4 cm');
    expect(sizeGuideFor(product({ categoryId: 'clothes' }), byCategory)).toBe('S: chest 91 cm');
    expect(sizeGuideFor(product({ categoryId: 'rice', type_id: 'configurable' }), byCategory)).toBeNull();
  });
});
