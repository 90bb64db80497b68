/**
 * The shop's colours (decision 044). The primary colour is painted as the owner gave it:
 * the header, buttons and chosen chips are filled with it. What changes for contrast is
 * the text, never the brand colour: text on a fill is white, the page's dark text or black,
 * whichever first reads at WCAG AA (4.5:1); brand-coloured text and marks on the light page
 * are the brand colour where it reads there, else the dark text.
 */

/** The page's text (Tailwind slate-900), also the dark text on a light brand colour. */
const DARK_TEXT = '#0f172a';
const WHITE = '#ffffff';
const BLACK = '#000000';
/** The page's background (Tailwind slate-50): brand-coloured text must read on it as on white cards. */
const PAGE = '#f8fafc';

/** WCAG AA for normal-size text. */
const AA = 4.5;

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const c = channel(hex, i) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * WCAG 2 contrast ratio of two #rrggbb colours, 1 to 21.
 * @internal Exported for its unit test only (a test seam): the WCAG figures are tested against known pairs of colours.
 */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const contrastWithWhite = (hex: string): number => contrast(hex, WHITE);

/**
 * The text colour on a fill of `hex`: white, else the page's dark text, else black, the
 * first that reads at AA. One of white and black always does (their ratios multiply to 21).
 * @internal tested colour by colour; the page reads it through themeCss
 */
export function textOn(hex: string): string {
  return [WHITE, DARK_TEXT].find((text) => contrast(hex, text) >= AA) ?? BLACK;
}

/**
 * Brand-coloured text and marks on the light page: the brand colour where it reads there at AA, else the dark text.
 * @internal tested colour by colour; the page reads it through themeCss
 */
export function inkOnLight(hex: string): string {
  return Math.min(contrast(hex, WHITE), contrast(hex, PAGE)) >= AA ? hex.toLowerCase() : DARK_TEXT;
}

/** The rule that gives the page the shop's colour and the two colours read against it; the server writes it into every page's <head>. */
export const themeCss = (hex: string): string => `:root{--color-primary:${hex};--color-on-primary:${textOn(hex)};--color-primary-strong:${inkOnLight(hex)}}`;
