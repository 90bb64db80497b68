import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { imageWidths, isImageWidth, isResizable, resizedUrl, shortAlt, srcSet, widthFor, widthSrcSet } from './images.ts';

describe('resized image addresses', () => {
  it('points a local media image at the resizer', () => {
    expect(resizedUrl('/media/p/tee.webp', 200)).toBe('/img/200/p/tee.webp');
    expect(resizedUrl('/media/cat-fruit.JPG', 120)).toBe('/img/120/cat-fruit.JPG');
    expect(resizedUrl('/media/p/tee.png?v=2', 420)).toBe('/img/420/p/tee.png?v=2');
  });

  it('leaves every other address alone', () => {
    for (const url of [
      'https://cdn.example.com/media/p/tee.webp',
      'http://example.com/a.png',
      '//cdn.example.com/media/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
      '/m.webp',
      '/media/',
      '/media/logo.svg',
      '/media/p/readme',
      '',
    ]) {
      expect(resizedUrl(url, 200)).toBe(url);
      expect(isResizable(url)).toBe(false);
    }
  });

  it('knows which widths the resizer makes', () => {
    expect(isImageWidth(200)).toBe(true);
    expect(isImageWidth(201)).toBe(false);
    expect(widthFor(1)).toBe(120);
    expect(widthFor(121)).toBe(140);
    expect(widthFor(1600)).toBe(1600);
    expect(widthFor(5000)).toBe(1600);
  });
});

describe('srcSet', () => {
  it('gives each density the smallest width that fills it', () => {
    expect(srcSet('/media/p/tee.webp', 200)).toBe('/img/200/p/tee.webp 1x, /img/420/p/tee.webp 2x');
    expect(srcSet('/media/p/tee.webp', 120)).toBe('/img/120/p/tee.webp 1x, /img/420/p/tee.webp 2x');
    expect(srcSet('/media/p/tee.webp', 140)).toBe('/img/140/p/tee.webp 1x, /img/420/p/tee.webp 2x');
    expect(srcSet('/media/p/tee.webp', 420)).toBe('/img/420/p/tee.webp 1x, /img/800/p/tee.webp 2x');
    expect(srcSet('/media/p/tee.webp', 800)).toBe('/img/800/p/tee.webp 1x, /img/1600/p/tee.webp 2x');
    expect(srcSet('/media/b.webp', 100)).toBe('/img/120/b.webp 1x, /img/200/b.webp 2x');
  });

  it('falls back to the largest width for very wide images', () => {
    expect(srcSet('/media/b.webp', 2000)).toBe('/img/1600/b.webp 1x, /img/1600/b.webp 2x');
  });

  it('never gives a 2× screen less than 95 % of the pixels it could use, nor a 1× screen less than all', () => {
    for (let css = 1; css <= 1600; css++) {
      const [one, two] = srcSet('/media/a.webp', css)
        .split(', ')
        .map((c) => Number(/\/img\/(\d+)\//.exec(c)![1]));
      expect(one).toBeGreaterThanOrEqual(css);
      expect(two).toBeGreaterThanOrEqual(Math.min(1600, 1.9 * css));
    }
  });

  it('is empty for addresses the resizer cannot serve', () => {
    expect(widthSrcSet('https://cdn.example.com/a.webp')).toBe('');
    expect(srcSet('https://cdn.example.com/a.webp', 200)).toBe('');
    expect(srcSet('data:image/gif;base64,R0lGOD', 200)).toBe('');
  });

  it('always picks allowed widths at least as wide as asked, when there is one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (css) => {
        const w = widthFor(css);
        expect(imageWidths).toContain(w);
        if (css <= 1600) expect(w).toBeGreaterThanOrEqual(css);
        const smaller = imageWidths.filter((x) => x < w);
        for (const s of smaller) expect(s).toBeLessThan(css);
      }),
    );
  });
});

describe('widthSrcSet', () => {
  it('offers every copy from the given width up, with its width, for the browser to choose', () => {
    expect(widthSrcSet('/media/banner.webp')).toBe('/img/420/banner.webp 420w, /img/800/banner.webp 800w, /img/1600/banner.webp 1600w');
    expect(widthSrcSet('/media/banner.webp', 800)).toBe('/img/800/banner.webp 800w, /img/1600/banner.webp 1600w');
  });
});

describe('shortAlt', () => {
  it('keeps short text as it is', () => {
    expect(shortAlt('Cotton Tee')).toBe('Cotton Tee');
    expect(shortAlt('exactly twenty chars')).toBe('exactly twenty chars');
  });

  it('cuts long text on a word boundary with an ellipsis', () => {
    expect(shortAlt('Fresh Alphonso mangoes from Ratnagiri')).toBe('Fresh Alphonso…');
    expect(shortAlt('Summer sale on all cotton tees', 10)).toBe('Summer…');
    expect(shortAlt('Organic basmati rice, 5 kg')).toBe('Organic basmati…');
    // the cut falls exactly before a space: the whole last word stays
    expect(shortAlt('Crisp green apples, 1 kg')).toBe('Crisp green apples,…');
    expect(shortAlt('  Fresh   Alphonso\nmangoes from Ratnagiri ')).toBe('Fresh Alphonso…');
  });

  it('cuts a single long word where it must', () => {
    expect(shortAlt('Supercalifragilisticexpialidocious')).toBe('Supercalifragilistic'.slice(0, 19) + '…');
  });

  it('never splits an emoji and never exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 40 }), (alt, max) => {
        const out = shortAlt(alt, max);
        expect(Array.from(out).length).toBeLessThanOrEqual(max);
        expect(out).not.toMatch(/[\uD800-\uDBFF]$/);
      }),
    );
    expect(shortAlt('🥭🥭🥭🥭🥭', 3)).toBe('🥭🥭…');
  });
});
