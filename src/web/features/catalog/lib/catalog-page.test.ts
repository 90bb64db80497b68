import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../../../domain/catalog.ts';
import { catalogPage } from './catalog-page.ts';

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

const catalog = { categories: [category('fruit', 'Fruit'), category('tea', 'Tea')], products: [product('mango', 'fruit', ['new']), product('assam', 'tea'), product('kiwi', 'fruit')] };
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

  it('filters by tags and is headed by them', () => {
    const tagged = page('tags=new');
    expect(tagged.heading).toBe('#new');
    expect(tagged.products.map((p) => p.variantId)).toEqual(['mango']);
  });

  it('sends tiles without the descriptions', () => {
    expect(page('').products[0]).not.toHaveProperty('description');
  });
});
