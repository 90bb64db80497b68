import { P, dark, dots, emblem, grains, leaf, light, line, place, rngFor, sh, type Art, type Kind, type Rng } from './demo-art-kit.ts';
import { produce } from './demo-art-produce.ts';

/** The packaged goods, clothes and household things, each drawn in its 200 × 200 box. */
type Draw = (a: Art, R: Rng) => string;
export const shapes: Record<Exclude<Kind, 'produce'>, Draw> = {
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
