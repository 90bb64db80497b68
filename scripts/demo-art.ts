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

const r1 = (n: number) => Math.round(n * 10) / 10;
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
function sh(tag: string, attrs: string, fill: string, ov: string[] = ['hl', 'sh'], extra = ''): string {
  return `<${tag} ${attrs} fill="${fill}" ${extra}/>` + ov.map((o) => `<${tag} ${attrs} fill="url(#${o})"/>`).join('');
}
const P = (d: string, fill: string, ov?: string[], extra?: string) => sh('path', `d="${d}"`, fill, ov, extra);
const line = (d: string, c: string, w: number, extra = '') => `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}" stroke-linecap="round" ${extra}/>`;
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

const leaf = (x: number, y: number, len: number, ang: number, c: string) => {
  const w = len * 0.36;
  return `<g transform="translate(${r1(x)} ${r1(y)}) rotate(${r1(ang)})">${P(`M0 0C${r1(w)} ${r1(-len * 0.3)} ${r1(w * 0.6)} ${r1(-len * 0.8)} 0 ${-len}C${r1(-w * 0.6)} ${r1(-len * 0.8)} ${r1(-w)} ${r1(-len * 0.3)} 0 0Z`, c, ['vt'])}${line(`M0 -2L0 ${r1(-len * 0.9)}`, dark(c, 0.3), 1.2)}</g>`;
};
const dots = (R: Rng, n: number, cx: number, cy: number, rx: number, ry: number, r: number, c: string, a: number) =>
  Array.from({ length: n }, () => {
    const t = R() * Math.PI * 2,
      d = Math.sqrt(R());
    return `<circle cx="${r1(cx + Math.cos(t) * rx * d)}" cy="${r1(cy + Math.sin(t) * ry * d)}" r="${r1(r * (0.6 + R() * 0.6))}" fill="${c}" fill-opacity="${a}"/>`;
  }).join('');
/** Rice-like grains: small ellipses at random angles, light and dark. */
const grains = (R: Rng, n: number, cx: number, cy: number, rx: number, ry: number, c: string) =>
  Array.from({ length: n }, (_, i) => {
    const t = R() * Math.PI * 2,
      d = Math.sqrt(R());
    return `<ellipse cx="${r1(cx + Math.cos(t) * rx * d)}" cy="${r1(cy + Math.sin(t) * ry * d)}" rx="2.4" ry="1.1" transform="rotate(${Math.round(R() * 180)} ${r1(cx + Math.cos(t) * rx * d)} ${r1(cy + Math.sin(t) * ry * d)})" fill="${i % 3 ? light(c, 0.3) : dark(c, 0.22)}"/>`;
  }).join('');
/** A label emblem with no lettering: a roundel with a leaf and two "text" bars. */
const emblem = (x: number, y: number, w: number, c: string, bg: string) =>
  `<circle cx="${x}" cy="${y}" r="${r1(w * 0.2)}" fill="${c}"/>${leaf(x, y + w * 0.12, w * 0.24, 20, light(c, 0.55))}` +
  `<rect x="${r1(x - w * 0.32)}" y="${r1(y + w * 0.3)}" width="${r1(w * 0.64)}" height="${r1(w * 0.07)}" rx="2" fill="${dark(bg, 0.45)}" fill-opacity=".7"/>` +
  `<rect x="${r1(x - w * 0.22)}" y="${r1(y + w * 0.43)}" width="${r1(w * 0.44)}" height="${r1(w * 0.05)}" rx="2" fill="${dark(bg, 0.35)}" fill-opacity=".55"/>`;

type Draw = (a: Art, R: Rng) => string;
const shapes: Record<Exclude<Kind, 'produce'>, Draw> = {
  tshirt: ({ tint: c }) =>
    line('M100 40L100 22Q100 10 110 10Q119 10 119 19', '#8d9096', 3) +
    P(
      'M50 50L82 38Q100 58 118 38L150 50L184 86L162 108L150 98L151 180Q100 186 49 180L50 98L38 108L16 86Z',
      c,
      ['fd', 'vt'],
      `stroke="${dark(c, 0.18)}" stroke-width="1"`,
    ) +
    P('M84 39Q100 53 116 39Q100 33 84 39Z', dark(c, 0.4), []) +
    line('M82 38Q100 60 118 38', dark(c, 0.1), 5) +
    line('M42 104L21 84M158 104L179 84M52 172Q100 178 148 172', dark(c, 0.25), 1, 'stroke-dasharray="3 2"') +
    line('M52 100Q64 112 60 132M148 100Q136 112 140 132', dark(c, 0.15), 3, 'stroke-opacity=".35"'),
  kurta: ({ tint: c, accent }) =>
    P(
      'M70 22L88 16L112 16L130 22L158 40L176 128L160 132L146 70L148 186L52 186L54 70L40 132L24 128L42 40Z',
      c,
      ['fd', 'vt'],
      `stroke="${dark(c, 0.2)}" stroke-width="1"`,
    ) +
    P('M52 186L148 186L148 174L52 174Z', accent, []) +
    `<path d="M52 186L148 186L148 174L52 174Z" fill="url(#hw)"/>` +
    line(Array.from({ length: 12 }, (_, i) => `M${56 + i * 8} 180l4 -4l4 4`).join(''), light(accent, 0.6), 1) +
    `<rect x="54" y="20" width="92" height="160" fill="url(#hw)"/>` +
    P('M88 16Q100 22 112 16L112 23Q100 29 88 23Z', dark(c, 0.25), []) +
    `<rect x="97" y="23" width="6" height="52" fill="${dark(c, 0.15)}"/>` +
    [34, 46, 58, 70].map((y) => `<circle cx="100" cy="${y}" r="2" fill="${light(accent, 0.4)}"/>`).join('') +
    line('M160 128L146 74M40 128L54 74', dark(c, 0.25), 1, 'stroke-dasharray="3 2"'),
  sneaker: ({ tint: c }) => {
    const rub = '#f1eee6';
    return (
      P('M20 156L188 156Q192 178 176 182L34 182Q14 180 20 156Z', rub, ['vt'], 'stroke="#cfc9bb" stroke-width="1"') +
      `<rect x="22" y="164" width="166" height="3" fill="${dark(c, c === '#f3f3ef' ? 0.45 : 0.1)}"/>` +
      line('M30 178L180 178', '#b9b2a2', 1.5) +
      P(
        'M22 158L24 110Q26 96 40 92L66 88Q78 86 88 96L112 118Q132 128 160 132Q186 138 188 158Z',
        c,
        ['hl', 'vt'],
        `stroke="${dark(c, 0.22)}" stroke-width="1"`,
      ) +
      P('M150 131Q184 136 188 158L150 158Q145 144 150 131Z', rub, ['vt']) +
      P('M24 112Q26 96 40 92L44 100Q34 104 32 116Z', dark(c, 0.2), []) +
      P('M40 92Q62 84 88 96Q64 92 44 100Z', dark(c, 0.5), []) +
      line('M26 150L186 150', dark(c, 0.3), 1, 'stroke-dasharray="3 2"') +
      line('M88 102L100 112M96 100L108 118M104 108L116 122M112 113L124 128', '#fafafa', 2.4) +
      [
        [88, 102],
        [100, 112],
        [108, 118],
        [116, 122],
        [124, 128],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2" fill="#d9d4c8" stroke="${dark(c, 0.4)}" stroke-width=".8"/>`)
        .join('')
    );
  },
  sandal: ({ tint: c }) => {
    const one =
      `${P('M0 -72C22 -72 30 -40 28 -10C26 22 24 50 20 64C16 78 -16 78 -20 64C-24 50 -26 22 -28 -10C-30 -40 -22 -72 0 -72Z', c, ['hl', 'sh'])}` +
      line(
        'M0 -64C18 -64 24 -38 22 -10C20 20 18 48 15 60C12 70 -12 70 -15 60C-18 48 -20 20 -22 -10C-24 -38 -18 -64 0 -64Z',
        dark(c, 0.35),
        1.5,
        'stroke-dasharray="2 2"',
      ) +
      P('M-30 -26Q0 -40 30 -26L30 -8Q0 -20 -30 -8Z', dark(c, 0.18), ['vt']) +
      line('M-24 -22L24 -22M-26 -14L26 -14', light(c, 0.35), 1.2, 'stroke-dasharray="4 3"') +
      `<circle cx="0" cy="-52" r="6" fill="none" stroke="${dark(c, 0.3)}" stroke-width="3"/>`;
    return `<g transform="translate(74 112) rotate(-10)">${one}</g><g transform="translate(128 116) rotate(9) scale(-1 1)">${one}</g>`;
  },
  bottle: ({ tint, pack, accent, plain }) =>
    P('M72 80Q72 62 88 56L90 40L110 40L112 56Q128 62 128 80L128 178Q128 186 120 186L80 186Q72 186 72 178Z', tint, ['cy']) +
    (plain
      ? line('M78 90L78 176', '#fff', 3, 'stroke-opacity=".25"')
      : `<rect x="72" y="102" width="56" height="56" fill="${pack}"/><rect x="72" y="102" width="56" height="56" fill="url(#cy)"/>${emblem(100, 120, 44, accent, pack)}`) +
    sh('rect', 'x="86" y="20" width="28" height="22" rx="3"', accent, ['cy']) +
    line('M92 24V38M98 24V38M104 24V38M110 24V38', dark(accent, 0.3), 1) +
    `<rect x="77" y="68" width="5" height="108" rx="2.5" fill="#fff" fill-opacity=".28"/>`,
  jar: ({ tint, pack, accent }) =>
    P('M56 78Q56 66 68 64L132 64Q144 66 144 78L144 176Q144 186 132 186L68 186Q56 186 56 176Z', tint, ['cy']) +
    `<rect x="56" y="100" width="88" height="58" fill="${pack}"/><rect x="56" y="100" width="88" height="58" fill="url(#cy)"/>${emblem(100, 118, 52, accent, pack)}` +
    sh('rect', 'x="60" y="40" width="80" height="26" rx="4"', accent, ['cy']) +
    line(Array.from({ length: 12 }, (_, i) => `M${66 + i * 6} 44V62`).join(''), dark(accent, 0.25), 1) +
    `<rect x="63" y="70" width="6" height="104" rx="3" fill="#fff" fill-opacity=".3"/>`,
  pouch: ({ tint, pack, accent }, R) =>
    P('M52 34L148 34L146 170Q148 186 132 186L68 186Q52 186 54 170Z', pack, ['hl', 'cy']) +
    sh('rect', 'x="52" y="34" width="96" height="12"', dark(pack, 0.12), []) +
    line(Array.from({ length: 16 }, (_, i) => `M${55 + i * 6} 36V44`).join(''), dark(pack, 0.3), 1) +
    line('M54 54L146 54', dark(pack, 0.25), 1.5, 'stroke-dasharray="4 2"') +
    sh('rect', 'x="54" y="66" width="92" height="14"', accent, ['cy']) +
    sh('ellipse', 'cx="100" cy="124" rx="30" ry="32"', tint, ['sh'], `stroke="${light(pack, 0.5)}" stroke-width="3"`) +
    dots(R, 40, 100, 124, 28, 30, 2.2, dark(tint, 0.25), 0.6) +
    dots(R, 25, 100, 124, 28, 30, 1.8, light(tint, 0.4), 0.7) +
    `<rect x="80" y="162" width="40" height="5" rx="2" fill="${dark(pack, 0.4)}" fill-opacity=".6"/>` +
    line('M58 172Q100 180 142 172', dark(pack, 0.2), 1.2),
  sack: ({ tint, accent }, R) => {
    const jute = '#c9a46a',
      body = 'M44 186Q30 150 38 120Q46 94 58 86L142 86Q154 94 162 120Q170 150 156 186Z';
    return (
      P(body, jute, ['hl', 'sh']) +
      `<path d="${body}" fill="url(#jt)"/>` +
      line('M40 118Q100 128 160 118M39 126Q100 136 161 126', accent, 3.5) +
      line('M122 64L166 18', '#8a5a2b', 7) +
      P('M46 74Q100 92 154 74L152 92Q100 108 48 92Z', light(jute, 0.12), ['cv']) +
      `<path d="M46 74Q100 92 154 74L152 92Q100 108 48 92Z" fill="url(#jt)"/>` +
      P('M50 76Q60 50 100 48Q140 50 150 76Q100 90 50 76Z', tint, ['hl', 'sh']) +
      grains(R, 110, 100, 68, 46, 16, tint) +
      grains(R, 34, 100, 186, 72, 4, tint) +
      P('M104 64Q112 50 128 56L132 72Q116 80 104 64Z', '#a87440', ['hl'])
    );
  },
  box: ({ tint, pack, accent }) =>
    P('M48 72L132 72L132 186L48 186Z', pack, ['vt']) +
    P('M132 72L158 58L158 172L132 186Z', dark(pack, 0.28), []) +
    P('M48 72L74 58L158 58L132 72Z', light(pack, 0.22), []) +
    sh('rect', 'x="48" y="150" width="84" height="14"', accent, ['vt']) +
    sh('circle', 'cx="90" cy="110" r="24"', tint, ['sh', 'hl'], `stroke="${light(pack, 0.5)}" stroke-width="3"`) +
    leaf(90, 122, 26, 25, '#4b8f3a') +
    `<rect x="62" y="140" width="56" height="4" rx="2" fill="${dark(pack, 0.4)}" fill-opacity=".6"/>`,
  sweetbox: ({ tint, pack, accent }) =>
    P('M22 150L142 150L142 186L22 186Z', pack, ['vt']) +
    P('M142 150L178 122L178 158L142 186Z', dark(pack, 0.28), []) +
    P('M22 150L58 122L178 122L142 150Z', light(pack, 0.1), []) +
    P('M32 146L62 126L166 126L136 146Z', light(tint, 0.1), ['sh']) +
    [0, 1, 2, 3]
      .flatMap((i) =>
        [0, 1].map((j) =>
          P(`M${68 + i * 22 - j * 14} ${129 + j * 9}l10 -4l10 4l-10 4Z`, light(tint, 0.35), ['vt'], `stroke="${dark(tint, 0.15)}" stroke-width=".6"`),
        ),
      )
      .join('') +
    sh('rect', 'x="22" y="162" width="120" height="8"', accent, []),
  bar: ({ tint, pack, accent }) =>
    P('M28 150L136 150L136 172L28 172Z', pack, ['vt']) +
    P('M136 150L176 118L176 140L136 172Z', dark(pack, 0.3), []) +
    P('M28 150L68 118L176 118L136 150Z', dark(tint, 0.05), []) +
    Array.from({ length: 8 }, (_, k) => {
      const i = k % 4,
        j = Math.floor(k / 4);
      const x = 74 + i * 24 - j * 18,
        y = 122 + j * 13;
      return P(`M${x} ${y}l22 0l-8 11l-22 0Z`, light(tint, 0.1), ['hl'], `stroke="${dark(tint, 0.35)}" stroke-width="1"`);
    }).join('') +
    sh('rect', 'x="28" y="158" width="108" height="6"', accent, []),
  tin: ({ tint, pack, accent }) =>
    sh('path', 'd="M54 70L146 70L146 178A46 9 0 0 1 54 178Z"', pack, ['cy']) +
    line('M54 96A46 9 0 0 0 146 96M54 150A46 9 0 0 0 146 150', accent, 3) +
    sh('ellipse', 'cx="100" cy="122" rx="22" ry="16"', tint, ['hl'], `stroke="${accent}" stroke-width="2"`) +
    leaf(100, 130, 20, -15, '#4b8f3a') +
    sh('path', 'd="M52 56L148 56L148 72A48 9 0 0 1 52 72Z"', light(pack, 0.12), ['cy']) +
    `<ellipse cx="100" cy="56" rx="48" ry="9" fill="${light(pack, 0.3)}"/>`,
  tube: ({ pack, accent }) =>
    `<g transform="rotate(-22 100 130)">${P('M32 100L146 112Q158 114 158 127Q158 140 146 142L32 154Z', pack, ['cv'])}${sh('rect', 'x="22" y="98" width="12" height="58"', dark(pack, 0.08), ['cv'])}` +
    line('M25 102V152M29 102V152', dark(pack, 0.2), 1) +
    P('M60 103L120 109L120 145L60 151Z', accent, ['cv']) +
    sh('rect', 'x="158" y="116" width="24" height="22" rx="3"', accent, ['cv']) +
    `<circle cx="90" cy="127" r="9" fill="${light(accent, 0.6)}"/></g>`,
  soap: ({ tint }) => {
    const bar = (t: string) =>
      `<g transform="${t}">${P('M40 140Q40 126 62 126L138 126Q160 126 160 140L160 158Q160 172 138 172L62 172Q40 172 40 158Z', dark(tint, 0.18), [])}` +
      `${P('M40 136Q40 120 62 120L138 120Q160 120 160 136Q160 152 138 152L62 152Q40 152 40 136Z', tint, ['hl', 'vt'])}<ellipse cx="100" cy="136" rx="34" ry="9" fill="none" stroke="${light(tint, 0.35)}" stroke-width="2"/></g>`;
    return bar('translate(-8 -34) rotate(-5 100 140)') + bar('translate(6 12)');
  },
  book: ({ tint, accent }) =>
    P('M150 28L158 32L158 184L150 184Z', '#efe6d0', []) +
    line('M152 40V178M155 42V176', '#cfc2a4', 0.8) +
    P('M50 24L150 24L150 186L50 186Z', tint, ['vt', 'hl']) +
    sh('rect', 'x="50" y="24" width="12" height="162"', dark(tint, 0.3), []) +
    `<circle cx="106" cy="86" r="30" fill="#fbf6ea"/>` +
    sh('ellipse', 'cx="106" cy="90" rx="20" ry="12"', '#e8b12a', ['sh']) +
    leaf(96, 84, 14, -40, '#3f8f3a') +
    leaf(114, 84, 12, 35, '#3f8f3a') +
    `<rect x="74" y="134" width="64" height="7" rx="3" fill="${light(tint, 0.7)}"/><rect x="84" y="148" width="44" height="5" rx="2" fill="${light(tint, 0.5)}"/><rect x="62" y="170" width="88" height="6" fill="${accent}"/>`,
  gift: ({ tint, accent }, R) =>
    P('M42 98L158 98L158 186L42 186Z', tint, ['vt', 'cy']) +
    dots(R, 14, 100, 142, 52, 38, 4, light(tint, 0.5), 0.35) +
    P('M36 80L164 80L164 100L36 100Z', light(tint, 0.08), ['vt', 'cy']) +
    P('M92 80L108 80L108 186L92 186Z', accent, ['cy']) +
    P('M100 80C70 44 46 70 96 80Z', accent, ['hl']) +
    P('M100 80C130 44 154 70 104 80Z', accent, ['hl']) +
    P('M96 82L80 110L88 108L96 84ZM104 82L120 110L112 108L104 84Z', dark(accent, 0.15), []) +
    `<circle cx="100" cy="80" r="7" fill="${dark(accent, 0.1)}"/>`,
  card: ({ tint, accent }) => {
    const c = (t: string, col: string) =>
      `<g transform="${t}">${sh('rect', 'x="36" y="70" width="128" height="80" rx="9"', col, ['hl', 'vt'])}` +
      `<path d="M36 130Q90 96 164 118L164 141Q164 150 155 150L45 150Q36 150 36 141Z" fill="#fff" fill-opacity=".16"/>${sh('rect', 'x="122" y="70" width="12" height="80"', accent, [])}` +
      `<circle cx="128" cy="96" r="8" fill="${accent}"/><rect x="50" y="86" width="40" height="6" rx="3" fill="#fff" fill-opacity=".7"/></g>`;
    return c('rotate(-12 100 150) translate(-4 -22)', dark(tint, 0.25)) + c('rotate(5 100 150) translate(4 22)', tint);
  },
  basket: ({ accent }) => {
    const w = '#c28a48';
    return (
      place(
        shapes.bottle({ kind: 'bottle', tint: '#e9b949', pack: '#f5ecd8', accent: '#7a3b1e' }, () => 0.5),
        70,
        132,
        0.62,
        -10,
        false,
      ) +
      place(
        shapes.gift({ kind: 'gift', tint: accent, pack: '', accent: '#f2c14e' }, () => 0.5),
        124,
        134,
        0.55,
        8,
        false,
      ) +
      [
        [96, 118],
        [142, 120],
        [112, 124],
      ]
        .map(([x, y]) => place(produce('orange', rngFor('b')), x!, y!, 0.3, 0, false))
        .join('') +
      line('M44 108Q100 4 156 108', dark(w, 0.1), 9) +
      line('M44 108Q100 4 156 108', light(w, 0.25), 3, 'stroke-dasharray="6 5"') +
      P('M34 112L166 112L152 184Q100 192 48 184Z', w, ['vt', 'cy']) +
      `<path d="M34 112L166 112L152 184Q100 192 48 184Z" fill="url(#wk)"/>` +
      sh('rect', 'x="28" y="104" width="144" height="14" rx="6"', dark(w, 0.15), ['cv']) +
      P('M100 110C78 92 66 110 96 112ZM100 110C122 92 134 110 104 112Z', '#d63b4b', ['hl'])
    );
  },
  diya: ({ tint }) => {
    const d =
      `${P('M30 150Q34 178 100 180Q166 178 176 146L158 150Q150 160 100 160Q50 160 30 150Z', tint, ['hl', 'sh'])}${P('M30 150Q100 164 158 150L176 146L166 144Q100 132 38 140Z', dark(tint, 0.35), [])}` +
      line('M44 166Q100 176 156 164', light(tint, 0.4), 2, 'stroke-dasharray="1 5"') +
      `<circle cx="166" cy="118" r="30" fill="url(#gl)"/>${P('M166 144C154 132 160 116 166 96C172 116 178 132 166 144Z', 'url(#fl)', [])}`;
    return place(d, 66, 150, 0.6, 0, true) + place(d, 140, 156, 0.62, 0, true) + place(d, 100, 190, 0.72, 0, false);
  },
  tote: ({ accent }) => {
    const j = '#cfae78';
    return (
      line('M66 84Q66 30 100 30Q134 30 134 84', dark(j, 0.3), 7) +
      P('M46 80L154 80L164 186L36 186Z', j, ['vt', 'cy']) +
      `<path d="M46 80L154 80L164 186L36 186Z" fill="url(#jt)"/>` +
      line('M50 88L150 88', dark(j, 0.35), 1.2, 'stroke-dasharray="3 2"') +
      `<circle cx="100" cy="134" r="26" fill="${accent}"/>` +
      leaf(100, 150, 30, 15, '#f4ead0') +
      leaf(100, 150, 22, -40, '#f4ead0')
    );
  },
  tiffin: ({ tint }) => {
    const tier = (y: number) =>
      sh('path', `d="M58 ${y}L142 ${y}L142 ${y + 34}A42 7 0 0 1 58 ${y + 34}Z"`, tint, ['cy']) +
      `<ellipse cx="100" cy="${y}" rx="42" ry="7" fill="${light(tint, 0.35)}"/>`;
    return (
      line('M52 80Q100 20 148 80', dark(tint, 0.35), 5) +
      tier(146) +
      tier(108) +
      tier(70) +
      sh('rect', 'x="48" y="72" width="8" height="110" rx="3"', dark(tint, 0.15), ['cy']) +
      sh('rect', 'x="144" y="72" width="8" height="110" rx="3"', dark(tint, 0.15), ['cy'])
    );
  },
  brush: (_a, R) =>
    ['#2f2f33', '#f4f1ea', '#9fd3c7', '#f5b7a5']
      .map((b, i) => {
        const g = `${sh('rect', 'x="93" y="20" width="14" height="166" rx="7"', '#d8b57a', ['cy'])}${line('M93 120H107M93 150H107', '#a8804a', 1)}${sh('rect', 'x="95" y="24" width="10" height="40" rx="3"', b, ['cy'])}`;
        return place(g, 70 + i * 20, 186, 0.92, -24 + i * 16 + R() * 4, false);
      })
      .join(''),
};

type Fruit = { c: string; n: number; d: (c: string, R: Rng) => string };
const stem = `${line('M100 64Q98 50 104 42', '#5b3a1c', 4)}`;
const roundish =
  (rx: number, ry: number, extra: (c: string, R: Rng) => string = () => '') =>
  (c: string, R: Rng) =>
    sh('ellipse', `cx="100" cy="${186 - ry}" rx="${rx}" ry="${ry}"`, c) + extra(c, R);
const apple = (top: (c: string, R: Rng) => string) => (c: string, R: Rng) =>
  P('M100 72C74 52 40 66 42 112C44 158 76 186 100 178C124 186 156 158 158 112C160 66 126 52 100 72Z', c) + top(c, R);
const long = (d: string, ridges: string) => (c: string) => P(d, c, ['hl', 'cv']) + line(ridges, dark(c, 0.25), 1.2, 'stroke-opacity=".6"');
export const fruits: Record<string, Fruit> = {
  apple: { c: '#c4252f', n: 3, d: apple((c, R) => stem + leaf(104, 48, 26, 55, '#4f9a3a') + dots(R, 30, 100, 120, 48, 44, 1.2, light(c, 0.5), 0.5)) },
  tomato: { c: '#e0382b', n: 3, d: apple(() => P('M100 64l8 -12l2 14l14 -4l-10 10l12 8l-16 -2l-10 8l-10 -8l-16 2l12 -8l-10 -10l14 4l2 -14Z', '#3d8a2e', [])) },
  pomegranate: { c: '#a8182f', n: 3, d: apple((c) => P('M88 70L90 50L96 58L100 46L104 58L110 50L112 70Z', dark(c, 0.15), ['vt'])) },
  orange: {
    c: '#f39017',
    n: 3,
    d: roundish(
      58,
      56,
      (c, R) => dots(R, 80, 100, 130, 52, 50, 1.1, dark(c, 0.2), 0.35) + leaf(102, 76, 30, 40, '#3f8a35') + `<circle cx="100" cy="76" r="3" fill="#6b7a2a"/>`,
    ),
  },
  lemon: {
    c: '#f2d23a',
    n: 3,
    d: roundish(56, 44, (c, R) => dots(R, 60, 100, 142, 50, 40, 1, dark(c, 0.2), 0.35) + `<ellipse cx="44" cy="142" rx="6" ry="4" fill="${dark(c, 0.1)}"/>`),
  },
  guava: { c: '#a9c64b', n: 3, d: roundish(56, 54, (c, R) => dots(R, 25, 100, 132, 50, 48, 1.4, dark(c, 0.3), 0.5) + leaf(100, 80, 32, -30, '#3f7f30')) },
  chikoo: { c: '#9b6a40', n: 3, d: roundish(50, 46, (c, R) => dots(R, 60, 100, 140, 46, 42, 1, light(c, 0.3), 0.5) + line('M100 96L100 88', '#4a2e12', 3)) },
  kiwi: { c: '#8b6a3c', n: 3, d: roundish(46, 40, (c, R) => dots(R, 90, 100, 146, 44, 38, 0.9, dark(c, 0.3), 0.5)) },
  mango: {
    c: '#f2b423',
    n: 2,
    d: (c) =>
      P('M40 130C30 96 70 82 110 90C158 98 184 132 170 162C158 186 104 188 72 176C52 168 44 152 40 130Z', c, ['bl', 'hl', 'sh']) +
      line('M46 112Q36 104 34 94', '#5b3a1c', 4) +
      leaf(35, 96, 40, -70, '#3f8a35'),
  },
  papaya: {
    c: '#f0a23a',
    n: 1,
    d: (c, R) =>
      P('M20 130C16 96 60 84 120 92C170 98 190 120 184 142C178 164 150 164 110 160C64 158 24 160 20 130Z', c, ['rp', 'hl', 'sh']) +
      line('M20 120L10 114', '#5b3a1c', 5) +
      sh('ellipse', 'cx="98" cy="158" rx="64" ry="28"', '#f2c24a', ['sh']) +
      `<ellipse cx="98" cy="158" rx="57" ry="23" fill="#f57d2c"/>` +
      sh('ellipse', 'cx="98" cy="158" rx="32" ry="11"', '#c8501e', []) +
      dots(R, 40, 98, 158, 28, 9, 3, '#1f1a18', 1) +
      dots(R, 14, 98, 156, 26, 8, 1.2, '#8a8a8a', 0.8),
  },
  watermelon: {
    c: '#4f9a3e',
    n: 1,
    d: (c) =>
      sh('ellipse', 'cx="102" cy="128" rx="82" ry="58"', c, []) +
      line(
        [-0.85, -0.55, -0.25, 0.05, 0.35, 0.65, 0.92].map((k) => `M22 128Q102 ${r1(128 + k * 116)} 182 128`).join(''),
        '#1f5a24',
        9,
        'stroke-opacity=".85"',
      ) +
      sh('ellipse', 'cx="102" cy="128" rx="82" ry="58"', 'none', ['hl', 'sh']),
  },
  potato: {
    c: '#c9a06a',
    n: 3,
    d: (c, R) =>
      sh('ellipse', 'cx="100" cy="144" rx="60" ry="40"', c, ['hl', 'sh'], 'transform="rotate(-8 100 144)"') +
      dots(R, 7, 100, 144, 48, 30, 2.4, dark(c, 0.4), 0.7) +
      dots(R, 30, 100, 144, 54, 34, 1, dark(c, 0.2), 0.5),
  },
  onion: {
    c: '#9a3458',
    n: 3,
    d: (c) =>
      P('M100 60Q104 80 122 90C158 104 160 160 128 176Q100 190 72 176C40 160 42 104 78 90Q96 80 100 60Z', c) +
      line('M100 66Q78 110 86 178M100 66Q122 110 114 178M100 66Q60 110 62 170M100 66Q140 110 138 170', light(c, 0.3), 1.3, 'stroke-opacity=".7"'),
  },
  brinjal: {
    c: '#4e2063',
    n: 2,
    d: (c) =>
      P('M40 118C20 150 60 190 110 178C160 166 186 130 170 104C156 82 128 96 110 100C84 106 56 96 40 118Z', c, ['hl', 'sh']) +
      P('M150 86L182 70L172 92L186 104L160 108L150 120L144 100Z', '#4a8a2e', ['vt']),
  },
  cucumber: {
    c: '#3d7a2a',
    n: 3,
    d: long('M24 150Q20 130 44 128L160 124Q184 126 184 146Q182 166 160 166L44 170Q24 170 24 150Z', 'M40 140L170 136M40 158L170 154'),
  },
  carrot: {
    c: '#ee7a1c',
    n: 3,
    d: (c) =>
      line('M42 108L20 70M42 108L30 62M44 106L48 58M46 108L60 70', '#4f9a3a', 4) +
      long('M36 110Q30 96 46 92L176 148Q184 154 174 154L50 124Q38 122 36 110Z', 'M70 104L66 118M100 118L96 128M130 130L128 140M152 140L150 146')(c),
  },
  chilli: {
    c: '#2f8f2e',
    n: 5,
    d: (c) =>
      long('M44 92Q110 92 160 150Q168 166 156 160Q110 116 42 110Z', 'M60 100Q110 104 150 148')(c) +
      P('M44 92L30 90L28 112L42 110Z', '#3e6e22', []) +
      line('M30 100Q18 96 14 86', '#5a7a2a', 3),
  },
  okra: {
    c: '#6aa84f',
    n: 5,
    d: (c) =>
      long('M36 98Q44 88 60 94L172 148Q178 156 168 154L56 120Q34 112 36 98Z', 'M48 102L170 151M52 112L168 152')(c) + P('M36 98L22 94L26 112Z', '#4a7a30', []),
  },
  capsicum: {
    c: '#3a9a34',
    n: 3,
    d: (c) =>
      P('M100 78C60 60 36 90 44 130C50 170 70 188 86 178Q100 186 114 178C130 188 150 170 156 130C164 90 140 60 100 78Z', c) +
      line('M86 88Q80 130 86 176M114 88Q120 130 114 176', dark(c, 0.2), 2) +
      line('M100 80Q98 64 110 58', '#2f6b22', 6),
  },
  ginger: {
    c: '#d3ae78',
    n: 2,
    d: (c) =>
      ['cx="70" cy="150" rx="36" ry="26"', 'cx="116" cy="156" rx="42" ry="24"', 'cx="150" cy="134" rx="22" ry="18"', 'cx="90" cy="124" rx="22" ry="18"']
        .map((e) => sh('ellipse', e, c))
        .join('') + line('M60 140V160M104 146V166M136 150V168', dark(c, 0.3), 1.2),
  },
  banana: {
    c: '#f2cf3b',
    n: 1,
    d: (c) =>
      [14, 4, -6, -16]
        .map(
          (a, i) =>
            `<g transform="rotate(${a} 44 74)">${P('M40 68C58 150 128 168 176 128C181 123 177 117 171 121C128 150 74 134 50 64Z', i % 2 ? c : dark(c, 0.07), ['hl', 'cv'])}<path d="M171 121l9 -6l1 8z" fill="#4a3218"/></g>`,
        )
        .join('') + sh('rect', 'x="30" y="54" width="22" height="18" rx="5"', '#7a8a2a', ['cv'], 'transform="rotate(-30 41 63)"'),
  },
  grapes: {
    c: '#a9c94a',
    n: 1,
    d: (c) =>
      [
        [4, 70],
        [4, 96],
        [3, 122],
        [2, 146],
        [1, 170],
      ]
        .flatMap(([k, y], row) =>
          Array.from({ length: k! }, (_, i) =>
            sh('circle', `cx="${100 + (i - (k! - 1) / 2) * 26 + (row % 2) * 3}" cy="${y}" r="14"`, i % 2 ? c : dark(c, 0.08)),
          ),
        )
        .join('') +
      line('M100 58Q104 40 116 34', '#6b4a22', 4) +
      leaf(118, 40, 36, 60, '#4f9a3a'),
  },
  leafy: {
    c: '#2f7d32',
    n: 1,
    d: (c) =>
      [-50, -32, -14, 4, 22, 40, 56]
        .map(
          (a, i) =>
            line(`M100 186L${100 + Math.sin(a / 57) * 70} ${186 - Math.cos(a / 57) * 70}`, light(c, 0.45), 3) +
            leaf(100 + Math.sin(a / 57) * 60, 186 - Math.cos(a / 57) * 60, 100 - Math.abs(a) * 0.4, a, i % 2 ? c : light(c, 0.12)),
        )
        .join('') + sh('rect', 'x="90" y="164" width="20" height="8" rx="2"', '#d9453a', []),
  },
  coriander: {
    c: '#4e9e3a',
    n: 1,
    d: (c, R) =>
      Array.from({ length: 16 }, (_, i) => {
        const a = -42 + i * 5.6 + R() * 4,
          l = 80 + R() * 36,
          x = 100 + Math.sin(a / 57) * l,
          y = 186 - Math.cos(a / 57) * l,
          xm = 100 + Math.sin(a / 57) * l * 0.6,
          ym = 186 - Math.cos(a / 57) * l * 0.6;
        return (
          line(`M100 186L${r1(x)} ${r1(y)}`, light(c, 0.4), 1.6) +
          [0, 120, 240].map((b) => leaf(x, y, 17, a + b, i % 2 ? c : dark(c, 0.1)) + (i % 3 ? '' : leaf(xm, ym, 12, a + b + 60, c))).join('')
        );
      }).join('') + sh('rect', 'x="92" y="166" width="16" height="7" rx="2"', '#d9453a', []),
  },
  cauliflower: {
    c: '#f3ebcf',
    n: 1,
    d: (c) =>
      [-62, -38, 38, 62].map((a) => leaf(100, 184, 96, a, '#4f8f3a')).join('') +
      [
        [5, 150],
        [4, 130],
        [3, 112],
        [2, 98],
      ]
        .flatMap(([k, y]) =>
          Array.from({ length: k! }, (_, i) => sh('circle', `cx="${100 + (i - (k! - 1) / 2) * 24}" cy="${y}" r="19"`, i % 2 ? c : dark(c, 0.04))),
        )
        .join('') +
      [-28, 28].map((a) => leaf(100, 188, 56, a, '#5a9a44')).join(''),
  },
};

/** A produce arrangement: a pile of `n` items (or a bigger pile for the second view). */
export function produce(name: string, R: Rng, view = 0): string {
  const f = fruits[name] ?? fruits.apple!;
  const spots =
    f.n === 1
      ? [[100, 186, 1]]
      : f.n === 2
        ? [
            [78, 180, 0.7],
            [126, 186, 0.72],
          ]
        : view === 1 || f.n >= 5
          ? [
              [70, 160, 0.5],
              [130, 158, 0.5],
              [100, 170, 0.54],
              [64, 186, 0.56],
              [136, 186, 0.56],
            ]
          : [
              [100, 166, 0.62],
              [70, 186, 0.66],
              [130, 186, 0.66],
            ];
  return spots.map(([x, y, s]) => place(f.d(f.c, R), x!, y!, s!, f.n === 1 ? 0 : (R() - 0.5) * 30, f.n === 1)).join('');
}

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
