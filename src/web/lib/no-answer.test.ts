import { describe, expect, it } from 'vitest';
import { noAnswerText } from './no-answer.ts';

const texts = { offline: 'You are offline. Checkout needs a connection; your cart is kept.', unreachable: 'There was an error connecting to the server.' };

describe('a call that got no answer', () => {
  it('says offline only when the browser knows it has no network', () => {
    expect(noAnswerText(texts, false)).toBe('You are offline. Checkout needs a connection; your cart is kept.');
  });

  it('says the server could not be reached while the browser is online', () => {
    expect(noAnswerText(texts, true)).toBe('There was an error connecting to the server.');
  });
});
