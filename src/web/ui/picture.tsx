import { resizedUrl, shortAlt, srcSet, widthFor } from '../../domain/images.ts';

/** The viewport width from which the desktop image of an art-directed picture is shown (spec §9). */
export const PICTURE_BREAKPOINT = 1024;

export type PictureProps = {
  /** The image (the desktop one when `mobileSrc` is given). `/media/…` images are served resized. */
  src: string;
  alt: string;
  /** CSS size the image is shown at: picks the resized widths and reserves the space (no layout shift). */
  width: number;
  height: number;
  /** A separate image for viewports below 1024 px. */
  mobileSrc?: string | undefined;
  /** A wide image: its alt text is cut to 20 characters (spec §9). */
  wide?: boolean | undefined;
  /** Above the fold (a hero, the first gallery image): loaded at once and first. */
  priority?: boolean | undefined;
  /** Classes for the `<img>`. */
  className?: string | undefined;
};

/**
 * An image at the right size for the screen: a 1× and a 2× resized copy, an optional
 * mobile/desktop pair switching at 1024 px, lazy unless it is a priority image.
 */
export function Picture({ src, alt, width, height, mobileSrc, wide = false, priority = false, className }: PictureProps) {
  const shown = mobileSrc ?? src;
  const set = srcSet(shown, width);
  const desktopSet = mobileSrc ? srcSet(src, width) || src : undefined;
  return (
    <picture>
      {desktopSet && <source media={`(min-width: ${PICTURE_BREAKPOINT}px)`} srcSet={desktopSet} width={width} height={height} />}
      <img
        src={resizedUrl(shown, widthFor(width))}
        srcSet={set || undefined}
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
