import { describe, expect, it } from 'vitest';
import { contrastWithWhite, readableOnWhiteText } from './theme.ts';

describe('theme colours', () => {
  it('darkens the default blue just enough for white button text to be readable', () => {
    expect(contrastWithWhite('#2874f0')).toBeLessThan(4.5);
    const shade = readableOnWhiteText('#2874f0');
    expect(contrastWithWhite(shade)).toBeGreaterThanOrEqual(4.5);
    expect(shade).not.toBe('#000000');
  });

  it('keeps a brand colour that is already dark enough', () => {
    expect(readableOnWhiteText('#1b5e20')).toBe('#1b5e20');
  });

  it('finds a readable shade even for white and yellow', () => {
    for (const c of ['#ffffff', '#ffeb3b']) expect(contrastWithWhite(readableOnWhiteText(c))).toBeGreaterThanOrEqual(4.5);
  });
});
