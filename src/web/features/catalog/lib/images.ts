import type { Product } from '../../../../domain/catalog.ts';
import { isResizable, resizedUrl } from '../../../../domain/images.ts';

/**
 * The address a small picture (tile, thumb) is made from: the original when the server can
 * resize it, so 1× and 2× screens both get a sharp copy; otherwise the catalog's own
 * thumbnail, which is lighter than an original from elsewhere.
 */
export function smallImageSource(image: Pick<Product['images'][number], 'url' | 'thumbnail'>): string {
  return isResizable(image.url) ? image.url : image.thumbnail;
}

/** A gallery picture as spec §3 names it: one address per size, and the alt text. */
export type GalleryImage = {
  id: string;
  /** What the main picture is made from (`Picture` picks its 420 px copies from it). */
  source: string;
  /** What the thumb is made from. */
  thumbSource: string;
  /** The thumb, 120 px. */
  mobile: { url: string };
  /** The main picture, 420 px. */
  desktop: { url: string };
  /** The zoomed picture on 1× screens (and the main one on 2× screens), 800 px. */
  big: { url: string };
  /** The zoomed picture on 2× screens, 1600 px. */
  zoom: { url: string };
  alt: string;
};

/** The product's pictures in their catalog order (by position), at the gallery's sizes. */
export function galleryImages(product: Pick<Product, 'title' | 'images'>): GalleryImage[] {
  return product.images
    .map((image, i) => ({ image, i }))
    .sort((a, b) => a.image.position - b.image.position || a.i - b.i)
    .map(({ image }) => ({
      id: image.id,
      source: image.url,
      thumbSource: smallImageSource(image),
      mobile: { url: isResizable(image.url) ? resizedUrl(image.url, 120) : image.thumbnail },
      desktop: { url: resizedUrl(image.url, 420) },
      big: { url: resizedUrl(image.url, 800) },
      zoom: { url: resizedUrl(image.url, 1600) },
      alt: product.title,
    }));
}
