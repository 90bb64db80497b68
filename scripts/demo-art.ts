import type { Art, Rng } from './demo-art-kit.ts';
import { shapes } from './demo-art-goods.ts';
import { produce } from './demo-art-produce.ts';

/**
 * The demo shop's product drawings (generate-demo-media.ts): the drawing kit in demo-art-kit.ts,
 * packaged goods in demo-art-goods.ts, produce in demo-art-produce.ts.
 */

const zooms: Record<string, number> = {
  tube: 1.2,
  bar: 1.25,
  sweetbox: 1.15,
  chilli: 1.3,
  okra: 1.3,
  cucumber: 1.25,
  carrot: 1.2,
  lemon: 1.1,
  kiwi: 1.15,
  chikoo: 1.1,
  potato: 1.1,
  ginger: 1.15,
};
/** How much to enlarge a drawing whose shape leaves much of its box empty. */
export const zoomFor = (a: Art) => zooms[a.kind === 'produce' ? (a.fruit ?? '') : a.kind] ?? 1;

export function drawArt(a: Art, R: Rng, view = 0): string {
  return a.kind === 'produce' ? produce(a.fruit ?? 'apple', R, view) : shapes[a.kind](a, R);
}
