import { P, dark, dots, leaf, light, line, place, r1, sh, type Rng } from './demo-art-kit.ts';

/** Fruit and vegetables, drawn as piles of one to five. */
type Fruit = { c: string; n: number; d: (c: string, R: Rng) => string };
const stem = `${line('M100 64Q98 50 104 42', '#5b3a1c', 4)}`;
const roundish =
  (rx: number, ry: number, extra: (c: string, R: Rng) => string = () => '') =>
  (c: string, R: Rng) =>
    sh('ellipse', `cx="100" cy="${186 - ry}" rx="${rx}" ry="${ry}"`, c) + extra(c, R);
const apple = (top: (c: string, R: Rng) => string) => (c: string, R: Rng) =>
  P('M100 72C74 52 40 66 42 112C44 158 76 186 100 178C124 186 156 158 158 112C160 66 126 52 100 72Z', c) + top(c, R);
const long = (d: string, ridges: string) => (c: string) => P(d, c, ['hl', 'cv']) + line(ridges, dark(c, 0.25), 1.2, 'stroke-opacity=".6"');
const fruits: Record<string, Fruit> = {
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
