import { describe, expect, it } from 'vitest';
import { galleryImages, smallImageSource } from './images.ts';

const image = (id: string, position: number, url: string) => ({ id, position, url, thumbnail: `${url}.thumb.jpg` });

describe('gallery pictures (spec §3 Gallery image)', () => {
  it('gives each size of a shop picture from the resizer, in catalog order', () => {
    const [first, second] = galleryImages({ title: 'Red tee', images: [image('b', 1, '/media/p/b.webp'), image('a', 0, '/media/p/a.webp')] });
    expect(first).toEqual({
      id: 'a',
      source: '/media/p/a.webp',
      thumbSource: '/media/p/a.webp',
      mobile: { url: '/img/120/p/a.webp' },
      desktop: { url: '/img/420/p/a.webp' },
      big: { url: '/img/800/p/a.webp' },
      zoom: { url: '/img/1600/p/a.webp' },
      alt: 'Red tee',
    });
    expect(second?.id).toBe('b');
  });

  it('uses a picture from elsewhere as it is, with its own thumbnail for the thumb', () => {
    const [only] = galleryImages({ title: 'Tee', images: [image('x', 0, 'https://cdn.example/x.jpg')] });
    expect(only).toMatchObject({
      thumbSource: 'https://cdn.example/x.jpg.thumb.jpg',
      mobile: { url: 'https://cdn.example/x.jpg.thumb.jpg' },
      desktop: { url: 'https://cdn.example/x.jpg' },
      zoom: { url: 'https://cdn.example/x.jpg' },
    });
    expect(smallImageSource(image('y', 0, '/media/p/y.png'))).toBe('/media/p/y.png');
  });
});
