/**
 * Image sizes and addresses shared by the UI and the image resizer (`/img/<width>/<path>`).
 * The shop's own media live under `/media/`; the server makes WebP copies of them at the
 * widths below. Pictures from elsewhere (absolute http(s) addresses, data: URLs) are used
 * as they are.
 */

/**
 * The only widths the resizer makes (spec §9: thumbs 120, cart lines 140, tiles 200,
 * gallery 420; 800 and 1600 for banners and 2× screens). A 2× screen gets the next width
 * up rather than a width of its own, so the disk cache stays small.
 */
export const imageWidths = [120, 140, 200, 420, 800, 1600] as const;
export type ImageWidth = (typeof imageWidths)[number];

/** Original formats the resizer reads; anything else (SVG, PDF…) is served as it is. */
const resizableExtensions = ['jpg', 'jpeg', 'png', 'webp', 'avif', 'gif'] as const;

const MEDIA_PREFIX = '/media/';

/**
 * The largest picture the owner may upload (issue 21, decision 036): phones' full-size
 * JPEGs fit, a video does not. The server refuses more; the browser refuses it before it
 * crosses a phone's connection.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** What an upload may be, as a file input's `accept`; the server reads the real type from the first bytes. */
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';

export function isImageWidth(value: number): value is ImageWidth {
  return (imageWidths as readonly number[]).includes(value);
}

/** Whether a file name ends in one of the raster extensions the resizer reads (case-insensitive). */
export function isResizableName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return false;
  const ext = name.slice(dot + 1).toLowerCase();
  return (resizableExtensions as readonly string[]).includes(ext);
}

/** The path without its query string or fragment. */
const pathPart = (url: string) => url.split(/[?#]/, 1)[0] ?? '';

/** Whether `url` is one of the shop's own raster images, which the resizer can serve at another width. */
export function isResizable(url: string): boolean {
  const p = pathPart(url);
  return p.startsWith(MEDIA_PREFIX) && p.length > MEDIA_PREFIX.length && isResizableName(p);
}

/** `/media/p/tee.webp` at 200 → `/img/200/p/tee.webp`; any other address is returned unchanged. */
export function resizedUrl(originalUrl: string, width: ImageWidth): string {
  if (!isResizable(originalUrl)) return originalUrl;
  return `/img/${width}/${originalUrl.slice(MEDIA_PREFIX.length)}`;
}

/** The smallest allowed width of at least `minWidth`, or the largest there is. */
export function widthFor(minWidth: number): ImageWidth {
  return imageWidths.find((w) => w >= minWidth) ?? imageWidths[imageWidths.length - 1]!;
}

/**
 * How far a 2× copy may fall short of twice the CSS width: a 420 px gallery picture gets
 * the 800 px copy (95 % of 840, invisibly softer) rather than the 1600 px one (4× the bytes).
 */
const TWO_X_TOLERANCE = 0.95;

/**
 * A `srcset` for an image shown `cssWidth` CSS pixels wide: `"<url> 1x, <url> 2x"`, each the
 * smallest allowed width that fills that density (200 → 200 and 420). An address the
 * resizer cannot serve gets `''`: there is nothing to choose between, so leave srcset out.
 */
export function srcSet(originalUrl: string, cssWidth: number): string {
  if (!isResizable(originalUrl)) return '';
  const one = widthFor(cssWidth);
  const two = widthFor(Math.max(one, Math.ceil(2 * cssWidth * TWO_X_TOLERANCE)));
  return `${resizedUrl(originalUrl, one)} 1x, ${resizedUrl(originalUrl, two)} 2x`;
}

/**
 * A `srcset` of widths (`"<url> 420w, <url> 800w, <url> 1600w"`) for an image whose shown
 * width depends on the screen (a full-width banner): with `sizes` the browser picks the
 * copy for the screen's width and density. `''` for addresses the resizer cannot serve.
 */
export function widthSrcSet(originalUrl: string, fromWidth: ImageWidth = 420): string {
  if (!isResizable(originalUrl)) return '';
  return imageWidths
    .filter((w) => w >= fromWidth)
    .map((w) => `${resizedUrl(originalUrl, w)} ${w}w`)
    .join(', ');
}

/**
 * `alt` cut to at most `max` characters (the '…' included), at the last word boundary
 * when there is one; shorter text is returned as it is (spec §9: 20 on wide images).
 */
export function shortAlt(alt: string, max = 20): string {
  const text = alt.trim().replace(/\s+/g, ' ');
  const chars = Array.from(text); // code points, so an emoji is never cut in half
  if (chars.length <= max) return text;
  if (max <= 1) return '…'.slice(0, max);
  const head = chars.slice(0, max - 1).join('');
  // a word boundary: the character after the cut is a space, or there is a space inside the cut
  const atBoundary = chars[max - 1] === ' ';
  const lastSpace = head.lastIndexOf(' ');
  const cut = atBoundary ? head : lastSpace > 0 ? head.slice(0, lastSpace) : head;
  return `${cut.trimEnd()}…`;
}
