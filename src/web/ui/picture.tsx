import { preload } from 'react-dom';
import { resizedUrl, shortAlt, srcSet, widthFor, widthSrcSet } from '../../domain/images.ts';

/** The viewport width from which the desktop image of an art-directed picture is shown (spec §9). */
const PICTURE_BREAKPOINT = 1024;
const DESKTOP = `(min-width: ${PICTURE_BREAKPOINT}px)`;
const MOBILE = `(max-width: ${PICTURE_BREAKPOINT - 0.02}px)`;

export type PictureProps = {
  /** The image (the desktop one when `mobileSrc` is given). `/media/…` images are served resized. */
  src: string;
  alt: string;
  /** CSS size the image is shown at: picks the resized widths and reserves the space (no layout shift). */
  width: number;
  height: number;
  /**
   * How wide the image is shown when that depends on the screen (`"100vw"`, or media
   * conditions): the browser then picks among all the resized copies. Without it, `width`
   * is the shown width and a 1× and a 2× copy are offered.
   */
  sizes?: string | undefined;
  /** A separate image for viewports below 1024 px. */
  mobileSrc?: string | undefined;
  /** A wide image: its alt text is cut to 20 characters (spec §9). */
  wide?: boolean | undefined;
  /** Above the fold (a hero, the first gallery image): preloaded from the head, fetched first, never lazy. */
  priority?: boolean | undefined;
  /** Classes for the `<img>`. */
  className?: string | undefined;
};

/**
 * An image at the right size for the screen, from the resizer's copies; an optional
 * mobile/desktop pair switching at 1024 px; lazy unless it is a priority image.
 */
export function Picture({ src, alt, width, height, sizes, mobileSrc, wide = false, priority = false, className }: PictureProps) {
  const setOf = (url: string) => (sizes ? widthSrcSet(url) : srcSet(url, width));
  const shown = mobileSrc ?? src;
  const fallback = resizedUrl(shown, widthFor(width));
  const set = setOf(shown);
  const desktopSet = mobileSrc ? setOf(src) || src : undefined;
  if (priority) {
    // the browser learns of the picture from the head, before it parses the body; a
    // <picture>'s own <img> is never preloaded by React, as its source depends on the screen
    const image = { as: 'image', fetchPriority: 'high', imageSizes: sizes } as const;
    if (desktopSet) {
      preload(resizedUrl(src, widthFor(width)), { ...image, imageSrcSet: desktopSet, media: DESKTOP });
      preload(fallback, { ...image, imageSrcSet: set || undefined, media: MOBILE });
    } else {
      preload(fallback, { ...image, imageSrcSet: set || undefined });
    }
  }
  return (
    <picture>
      {desktopSet && <source media={DESKTOP} srcSet={desktopSet} sizes={sizes} width={width} height={height} />}
      <img
        src={fallback}
        srcSet={set || undefined}
        sizes={sizes}
        alt={wide ? shortAlt(alt) : alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}
