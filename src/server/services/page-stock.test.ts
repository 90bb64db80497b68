import { describe, expect, it } from 'vitest';
import { completeProduct, type CatalogFile } from '../../domain/catalog.ts';
import type { CatalogData } from '../../domain/storefront-context.ts';
import { testCatalog } from '../testing/fixtures.ts';
import { pageCatalog } from './page-stock.ts';

/** The test catalog as the shoppers' catalog, with `change` made to its file first. */
function catalog(change: (file: CatalogFile) => void = () => undefined): CatalogData {
  const file = testCatalog();
  change(file);
  return { version: 'v1', products: file.products.map((p) => completeProduct(p)), categories: file.categories, banners: file.banners };
}
const stock = (variantId: string, value: number) => (file: CatalogFile) => {
  file.products.find((p) => p.variantId === variantId)!.stock = value;
};

describe("the page cache's view of the catalog", () => {
  const before = pageCatalog(catalog());

  it('a stock change leaves the version as it was; a price, a title or a banner changes it', () => {
    expect(pageCatalog(catalog(stock('mango', 3))).version).toBe(before.version);
    expect(pageCatalog(catalog((f) => (f.products[2]!.price.regular = 330))).version).not.toBe(before.version);
    expect(pageCatalog(catalog((f) => (f.products[0]!.title = 'Linen Tee'))).version).not.toBe(before.version);
    expect(pageCatalog(catalog((f) => (f.banners![0]!.title = 'Monsoon'))).version).not.toBe(before.version);
  });

  it("a product page and its data request change with what the page says of its item's stock, and only then", () => {
    const sold = pageCatalog(catalog(stock('mango', 11.5)));
    for (const url of ['/p/mango', '/p/mango.data', '/p/mango?ref=x', '/p/mango/', '/p/%6Dango', '/p/x/../mango'])
      expect(sold.stockOf(url), url).toBe(before.stockOf(url));
    // 5 left, then 4: 'Only 5 left' becomes 'Only 4 left' on both options' pages, not on the mango's
    const tee = pageCatalog(catalog(stock('tee-red-m', 4)));
    expect(tee.stockOf('/p/tee-red-m')).not.toBe(before.stockOf('/p/tee-red-m'));
    expect(tee.stockOf('/p/tee-red-l.data')).not.toBe(before.stockOf('/p/tee-red-l.data'));
    expect(tee.stockOf('/p/mango')).toBe(before.stockOf('/p/mango'));
    // made to order: no stock said, whatever the count
    const made = (value: number) => pageCatalog(catalog((f) => Object.assign(f.products[2]!, { madeToOrder: true, stock: value }))).stockOf('/p/mango');
    expect(made(0)).toBe(made(2));
  });

  it('the lists change when a product runs out or comes back, not with a count', () => {
    for (const url of ['/', '/_root.data', '/home', '/catalog?categories=fruit', '/catalog.data']) {
      expect(pageCatalog(catalog(stock('tee-red-m', 1))).stockOf(url), url).toBe(before.stockOf(url));
      expect(pageCatalog(catalog(stock('tee-red-m', 0))).stockOf(url), url).not.toBe(before.stockOf(url));
      expect(pageCatalog(catalog(stock('tee-red-l', 3))).stockOf(url), url).not.toBe(before.stockOf(url));
    }
  });

  it('any other address, or a product not in the catalog, changes with any stock at all', () => {
    for (const url of ['/faqs', '/checkout', '/P/mango', '/p/no-such', '/p/%E0%A4', '/catalog/extra']) {
      expect(pageCatalog(catalog(stock('mango', 12))).stockOf(url), url).not.toBe(before.stockOf(url));
    }
  });
});
