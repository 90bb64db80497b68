/**
 * Where a command writes: the terminal, or a test's capture. `banner` takes the first line
 * of a command that works on a shop, naming the shop (cli/shop-banner.ts): the terminal
 * shows it on stderr, so what a command prints to stdout stays clean for a file; a capture
 * without it does not keep it.
 */
export type Out = { log(msg: string): void; error(msg: string): void; banner?(msg: string): void };

/** The terminal's. */
export const terminal: Out = { log: (m) => console.log(m), error: (m) => console.error(m), banner: (m) => console.error(m) };
