/**
 * SVG drawing helpers for the demo shop's generated images. Every shape is drawn in a
 * 200 × 200 box standing on the ground line y = 186; scenes place them with `place`.
 * Shading comes from a few shared bounding-box gradients (DEFS) laid over flat colours,
 * which keeps librsvg fast (no filters).
 */

export type Rng = () => number;
export type Kind =
  | 'tshirt'
  | 'kurta'
  | 'sneaker'
  | 'sandal'
  | 'bottle'
  | 'jar'
  | 'pouch'
  | 'sack'
  | 'box'
  | 'sweetbox'
  | 'bar'
  | 'tin'
  | 'tube'
  | 'soap'
  | 'book'
  | 'gift'
  | 'card'
  | 'basket'
  | 'diya'
  | 'tote'
  | 'tiffin'
  | 'brush'
  | 'produce';
/** What to draw for one product: the silhouette, its main colour, a packaging colour and an accent. */
export type Art = { kind: Kind; tint: string; pack: string; accent: string; fruit?: string; plain?: boolean };

export function rngFor(seed: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const r1 = (n: number) => Math.round(n * 10) / 10;
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + (pb[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
export const dark = (c: string, t: number) => mix(c, '#000000', t);
export const light = (c: string, t: number) => mix(c, '#ffffff', t);
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A filled element followed by the same geometry filled with each overlay gradient. */
export function sh(tag: string, attrs: string, fill: string, ov: string[] = ['hl', 'sh'], extra = ''): string {
  return `<${tag} ${attrs} fill="${fill}" ${extra}/>` + ov.map((o) => `<${tag} ${attrs} fill="url(#${o})"/>`).join('');
}
export const P = (d: string, fill: string, ov?: string[], extra?: string) => sh('path', `d="${d}"`, fill, ov, extra);
export const line = (d: string, c: string, w: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" ${extra}/>`;
const stop = (o: number, c: string, a: number) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`;

export const DEFS = `<defs>
<radialGradient id="hl" cx=".32" cy=".26" r=".55">${stop(0, '#fff', 0.6)}${stop(1, '#fff', 0)}</radialGradient>
<radialGradient id="sh" cx=".42" cy=".36" r=".72">${stop(0.5, '#000', 0)}${stop(1, '#000', 0.38)}</radialGradient>
<linearGradient id="cy" x1="0" x2="1">${stop(0, '#000', 0.32)}${stop(0.16, '#000', 0)}${stop(0.28, '#fff', 0.38)}${stop(0.42, '#fff', 0)}${stop(0.78, '#000', 0.06)}${stop(1, '#000', 0.36)}</linearGradient>
<linearGradient id="cv" x1="0" x2="0" y2="1">${stop(0, '#000', 0.25)}${stop(0.2, '#fff', 0.35)}${stop(0.45, '#fff', 0)}${stop(1, '#000', 0.35)}</linearGradient>
<linearGradient id="vt" x1="0" x2="0" y2="1">${stop(0, '#fff', 0.2)}${stop(0.55, '#fff', 0)}${stop(1, '#000', 0.22)}</linearGradient>
<linearGradient id="fd" x1="0" x2="1">${stop(0, '#000', 0.22)}${stop(0.12, '#000', 0)}${stop(0.3, '#fff', 0.14)}${stop(0.5, '#000', 0.05)}${stop(0.7, '#fff', 0.1)}${stop(0.88, '#000', 0)}${stop(1, '#000', 0.22)}</linearGradient>
<radialGradient id="gs">${stop(0, '#000', 0.34)}${stop(0.55, '#000', 0.14)}${stop(1, '#000', 0)}</radialGradient>
<radialGradient id="bl" cx=".25" cy=".3" r=".55">${stop(0, '#d93a22', 0.7)}${stop(1, '#d93a22', 0)}</radialGradient>
<linearGradient id="rp" x1="1" x2="0">${stop(0, '#4f8f2a', 0.75)}${stop(0.45, '#4f8f2a', 0)}</linearGradient>
<radialGradient id="fl" cx=".5" cy=".7" r=".6">${stop(0, '#fffbe0', 1)}${stop(0.45, '#ffd23f', 1)}${stop(1, '#ff7a00', 0.9)}</radialGradient>
<radialGradient id="gl">${stop(0, '#ffd86b', 0.55)}${stop(1, '#ffd86b', 0)}</radialGradient>
<pattern id="jt" width="12" height="12" patternUnits="userSpaceOnUse"><path d="M0 1.5h12M0 4.5h12M0 7.5h12M0 10.5h12M1.5 0v12M4.5 0v12M7.5 0v12M10.5 0v12" stroke="#4a3010" stroke-opacity=".12" stroke-width=".8"/></pattern>
<pattern id="wk" width="28" height="20" patternUnits="userSpaceOnUse"><path d="M0 5h28M0 15h28M4 0v5M18 0v5M11 5v10M25 5v10M4 15v5M18 15v5" stroke="#4a2a08" stroke-opacity=".4" stroke-width="1.4"/></pattern>
<pattern id="hw" width="12" height="40" patternUnits="userSpaceOnUse"><path d="M1.5 0v40M4.5 0v40M7.5 0v40M10.5 0v40" stroke="#000" stroke-opacity=".07" stroke-width="1"/></pattern>
</defs>`;

/** Places a 200-box drawing so its ground point (100, 186) lands on (x, y), with a soft contact shadow. */
export function place(g: string, x: number, y: number, s: number, rot = 0, shadow = true): string {
  const sd = shadow ? `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(78 * s)}" ry="${r1(11 * s)}" fill="url(#gs)"/>` : '';
  return `${sd}<g transform="translate(${r1(x - 100 * s)} ${r1(y - 186 * s)}) scale(${r1(s * 1000) / 1000}) rotate(${r1(rot)} 100 186)">${g}</g>`;
}

export const leaf = (x: number, y: number, len: number, ang: number, c: string) => {
  const w = len * 0.36;
  return `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(ang)})">${P(`M0 0C${r1(w)} ${r1(-len * 0.3)} ${r1(w * 0.6)} ${r1(-len * 0.8)} 0 ${-len}C${r1(-w * 0.6)} ${r1(-len * 0.8)} ${r1(-w)} ${r1(-len * 0.3)} 0 0Z`, c, ['vt'])}${line(`M0 -2L0 ${r1(-len * 0.9)}`, dark(c, 0.3), 1.2)}</g>`;
};
export const dots = (R: Rng, n: number, cx: number, cy: number, rx: number, ry: number, r: number, c: string, a: number) =>
  Array.from({ length: n }, () => {
    const t = R() * Math.PI * 2,
      d = Math.sqrt(R());
    return `<circle cx="${r1(cx + Math.cos(t) * rx * d)}" cy="${r1(cy + Math.sin(t) * ry * d)}" r="${r1(r * (0.6 + R() * 0.6))}" fill="${c}" fill-opacity="${a}"/>`;
  }).join('');
/** Rice-like grains: small ellipses at random angles, light and dark. */
export const grains = (R: Rng, n: number, cx: number, cy: number, rx: number, ry: number, c: string) =>
  Array.from({ length: n }, (_, i) => {
    const t = R() * Math.PI * 2,
      d = Math.sqrt(R());
    return `<ellipse cx="${r1(cx + Math.cos(t) * rx * d)}" cy="${r1(cy + Math.sin(t) * ry * d)}" rx="2.4" ry="1.1" transform="rotate(${Math.round(R() * 180)} ${r1(cx + Math.cos(t) * rx * d)} ${r1(cy + Math.sin(t) * ry * d)})" fill="${i % 3 ? light(c, 0.3) : dark(c, 0.22)}"/>`;
  }).join('');
/** A label emblem with no lettering: a roundel with a leaf and two "text" bars. */
export const emblem = (x: number, y: number, w: number, c: string, bg: string) =>
  `<circle cx="${x}" cy="${y}" r="${r1(w * 0.2)}" fill="${c}"/>${leaf(x, y + w * 0.12, w * 0.24, 20, light(c, 0.55))}` +
  `<rect x="${r1(x - w * 0.32)}" y="${r1(y + w * 0.3)}" width="${r1(w * 0.64)}" height="${r1(w * 0.07)}" rx="2" fill="${dark(bg, 0.45)}" fill-opacity=".7"/>` +
  `<rect x="${r1(x - w * 0.22)}" y="${r1(y + w * 0.43)}" width="${r1(w * 0.44)}" height="${r1(w * 0.05)}" rx="2" fill="${dark(bg, 0.35)}" fill-opacity=".55"/>`;
