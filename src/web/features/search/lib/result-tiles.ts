import type { Product } from '../../../../domain/catalog.ts';
import { filterProducts, groupVariants } from '../../../../domain/catalog-view.ts';

/** A search result as the catalog would show its product: which variant, and how many the item has. */
export type ResultTile = { product: Product; variants: number };

/**
 * Turns search hits into the tiles the catalog shows for them. With variants grouped, a hit
 * stands for its item, and the item's tile is the catalog's: the variant groupVariants picks
 * among the products of the same listing (the chosen categories, or all), so the result shows
 * the picture, price and link of the catalog's tile, whichever variant the words matched.
 * Without grouping every variant is its own tile. Built once per catalog and filter: grouping
 * reads every product, too much for each keystroke at 100k.
 */
export function resultTiles(products: readonly Product[], options: { grouped: boolean; categories?: string[] }): (hits: readonly Product[]) => ResultTile[] {
  if (!options.grouped) return (hits) => hits.map((product) => ({ product, variants: 1 }));
  const listing = options.categories?.length ? filterProducts(products, { categories: options.categories }) : products;
  const tiles = new Map(groupVariants(listing).map((g) => [g.product.itemId, { product: g.product, variants: g.variants.length }]));
  return (hits) => {
    const out: ResultTile[] = [];
    const items = new Set<string>();
    for (const hit of hits) {
      // two hits of one item are one tile
      if (items.has(hit.itemId)) continue;
      items.add(hit.itemId);
      out.push(tiles.get(hit.itemId) ?? { product: hit, variants: 1 });
    }
    return out;
  };
}
