import { describe, expect, it } from 'vitest';
import { themeCss } from '../../domain/theme.ts';
import { DEFAULT_THEME_CSS } from './default-theme.ts';

describe("the error screen's colours", () => {
  it("are the default blue's: black text on it (white reads at only 4.3:1), dark ink on the page", () => {
    expect(DEFAULT_THEME_CSS).toBe(themeCss('#2874f0'));
  });
});
