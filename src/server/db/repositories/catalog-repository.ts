import type { Db } from '../database.ts';
import { catalogReads } from './catalog-read.ts';
import { catalogReplace } from './catalog-replace.ts';
import { ownerProductWrites } from './owner-product-writes.ts';
import { ownerStockWrites } from './owner-stock-writes.ts';

/**
 * The catalog's repository, put together from its parts by what each is for: reading the
 * catalog and the view shoppers get of it (catalog-read.ts), a whole catalog's import
 * (catalog-replace.ts), the owner's writes to products (owner-product-writes.ts) and to
 * their stock (owner-stock-writes.ts). Every change makes a new catalog version
 * (catalog-version.ts) in its transaction.
 */
export function createCatalogRepository(db: Db, fractionDigits: number) {
  return {
    /** The currency's decimals the prices are stored with. */
    fractionDigits,
    ...catalogReads(db, fractionDigits),
    ...catalogReplace(db.kysely, fractionDigits),
    ...ownerProductWrites(db.kysely, fractionDigits),
    ...ownerStockWrites(db.kysely),
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
