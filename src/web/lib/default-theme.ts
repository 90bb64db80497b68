/** The page's colours when no shop config could be read (the error screen): themeCss('#2874f0'), which default-theme.test.ts checks. */
export const DEFAULT_THEME_CSS = ':root{--color-primary:#2874f0;--color-on-primary:#000000;--color-primary-strong:#0f172a}';
