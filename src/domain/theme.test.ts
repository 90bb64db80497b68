import { describe, expect, it } from 'vitest';
import { contrast, inkOnLight, textOn } from './theme.ts';

// Worked by hand with WCAG 2's formulas (channel c = v/255; c ≤ 0.03928 ? c/12.92 : ((c+0.055)/1.055)^2.4;
// L = 0.2126 R + 0.7152 G + 0.0722 B; ratio = (L1 + 0.05) / (L2 + 0.05)):
//   #ffb300  R 1, G 0.4508, B 0          → L 0.5350
//   #2874f0  R 0.0212, G 0.1746, B 0.8715 → L 0.1923
//   #1b5e20  R 0.0110, G 0.1119, B 0.0144 → L 0.0834
//   #0f172a  (slate-900, the page's text)  → L 0.00879
//   #f8fafc  (slate-50, the page)          → L 0.9535
describe('theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffb300', '#ffffff')).toBeCloseTo(1.05 / 0.585, 2); // 1.79
    expect(contrast('#ffb300', '#0f172a')).toBeCloseTo(0.585 / 0.05879, 1); // 9.95
    expect(contrast('#2874f0', '#ffffff')).toBeCloseTo(1.05 / 0.2423, 2); // 4.33
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('an amber brand colour keeps its colour and gets the dark text, which reads at 9.9:1 where white reads at 1.8:1', () => {
    expect(textOn('#ffb300')).toBe('#0f172a');
    expect(inkOnLight('#ffb300')).toBe('#0f172a');
  });

  it('the default blue reads at 4.3:1 under white and 4.1:1 under slate-900, so its buttons get black text (4.8:1)', () => {
    expect(textOn('#2874f0')).toBe('#000000');
    // its links on the page: 4.33:1 on white is short of 4.5, so they are the dark text
    expect(inkOnLight('#2874f0')).toBe('#0f172a');
  });

  it('a dark green brand colour keeps white text (7.9:1) and is its own link colour on the page (7.5:1)', () => {
    expect(textOn('#1b5e20')).toBe('#ffffff');
    expect(inkOnLight('#1B5E20')).toBe('#1b5e20');
  });

  it('never changes the brand colour itself: every answer is white, black, the dark text or the colour given', () => {
    for (const colour of ['#ffffff', '#ffeb3b', '#777777', '#767676', '#123456', '#ff0000']) {
      const text = textOn(colour);
      expect(['#ffffff', '#0f172a', '#000000']).toContain(text);
      expect(contrast(colour, text)).toBeGreaterThanOrEqual(4.5);
      expect([colour, '#0f172a']).toContain(inkOnLight(colour));
    }
  });
});
