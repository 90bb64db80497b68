import type { Bool, Millis } from './columns.ts';

/**
 * The catalog's tables: categories, products (a row per variant) and their tags, banners,
 * reviews and the owner's uploaded pictures.
 */

export interface CategoryTable {
  id: string;
  name: string;
  position: number;
  colour: string;
  image: string;
}

export interface ProductTable {
  id: string;
  item_id: string;
  variant_id: string;
  variant_name: string;
  sku: string;
  title: string;
  description: string;
  category_id: string;
  mrp_minor: number | null;
  regular_minor: number;
  special_minor: number | null;
  /** JSON array of {id, position, thumbnail, url}. */
  images: string;
  stock_milli: number;
  is_fraction: Bool;
  type_id: string;
  /** JSON object of error code → message. */
  errors: string;
  position: number;
  updated_at: Millis;
  /** Its own tax rate in hundredths of a percent (500 is 5 %); null: the shop's (migration 008). */
  tax_rate_hundredths: number | null;
  /** HSN or SAC code for the tax invoice. */
  hsn: string | null;
  /** Kept out of the storefront and its orders by the owner (migration 013). */
  hidden: Bool;
  /** 0: made to order, always orderable and its stock never taken. */
  tracks_stock: Bool;
  /** Shown out of stock until this instant ("sold out today"); null: as its stock says. */
  sold_out_until: Millis | null;
  /** Grams the + and − buttons move a product sold by weight (migration 016); null: 250. */
  weight_step_milli: number | null;
  /** The product's own size guide; null: none. */
  size_guide: string | null;
}

export interface TagTable {
  id: string;
  name: string;
}

export interface ProductTagTable {
  product_id: string;
  tag_id: string;
}

export interface BannerTable {
  id: string;
  kind: string;
  position: number;
  title: string;
  subtitle: string;
  button_text: string;
  image_mobile: string;
  image_desktop: string;
  background: string;
  /** JSON of the link: {type, value} or {type, urlValue}. */
  link: string;
  /** Shown to shoppers from / until these instants; null: no bound (migration 014). */
  show_from: Millis | null;
  show_until: Millis | null;
}

/** Reviews belong to an item (all its variants share them); one per shopper and item. */
export interface ReviewTable {
  id: string;
  item_id: string;
  user_id: string;
  author_name: string;
  rating: number;
  text: string;
  created_at: Millis;
  /** The owner hid it: left out of the public list, count and average (migration 010). */
  hidden: Bool;
}

/** An uploaded photo's original, re-encoded without its metadata (migration 015); its id is the key in `/media/u/<key>`. */
export interface MediaBlobTable {
  id: string;
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
  created_at: Millis;
}
