/**
 * Colours derived from the shop's primary colour. White text needs a contrast of 4.5:1
 * (WCAG AA); many brand colours (the default #2874f0 among them) fall just short, so
 * buttons use the darkest needed shade of the same hue.
 */

const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);

function luminance(hex: string): number {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const c = channel(hex, i) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

function scale(hex: string, factor: number): string {
  const part = (i: number) => Math.round(channel(hex, i) * factor).toString(16).padStart(2, '0');
  return `#${part(0)}${part(1)}${part(2)}`;
}

/** The primary colour itself when white text on it is readable, else a darker shade that is. */
export function readableOnWhiteText(hex: string): string {
  let shade = hex.toLowerCase();
  for (let factor = 0.95; contrastWithWhite(shade) < 4.5 && factor > 0; factor -= 0.05) shade = scale(hex, factor);
  return shade;
}
