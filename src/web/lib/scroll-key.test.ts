import { describe, expect, it } from 'vitest';
import { scrollKey } from './scroll-key.tsx';

const catalog = { key: 'c1', pathname: '/catalog' };
const product = { key: 'p1', pathname: '/p/mango-1kg' };
const faqs = { key: 'f1', pathname: '/faqs' };
const home = { key: 'h1', pathname: '/home' };

describe('where the catalog scrolls to', () => {
  it('leaving the catalog saves its position under its history entry', () => {
    expect(scrollKey(catalog, catalog)).toBe('c1');
  });

  it('coming back from a product finds that saved position', () => {
    expect(scrollKey(catalog, product)).toBe('c1');
  });

  it('coming back from the FAQ or home looks under a key nothing was saved under, so the catalog starts at the top', () => {
    expect(scrollKey(catalog, faqs)).not.toBe('c1');
    expect(scrollKey(catalog, home)).not.toBe('c1');
  });

  it('other pages keep their positions however they are reached', () => {
    expect(scrollKey(home, catalog)).toBe('h1');
    expect(scrollKey(product, faqs)).toBe('p1');
  });

  it('the first page, before any is shown, uses its own entry', () => {
    expect(scrollKey(catalog, null)).toBe('c1');
  });
});
