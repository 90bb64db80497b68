import { describe, expect, it } from 'vitest';
import { splitTermsLink } from './terms-link.ts';

describe('the terms sentence at checkout', () => {
  it('makes the marked word the link, wherever the language puts it', () => {
    expect(splitTermsLink('By placing the order you accept the <terms>terms</terms>.')).toEqual(['By placing the order you accept the ', 'terms', '.']);
    expect(splitTermsLink('ऑर्डर देकर आप <terms>शर्तें</terms> स्वीकार करते हैं।')).toEqual(['ऑर्डर देकर आप ', 'शर्तें', ' स्वीकार करते हैं।']);
  });

  it('shows a text without the mark whole, with no link', () => {
    expect(splitTermsLink('By placing the order you accept the terms.')).toEqual(['By placing the order you accept the terms.', '', '']);
  });
});
