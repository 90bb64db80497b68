/** Where a command writes: the terminal, or a test's capture. */
export type Out = { log(msg: string): void; error(msg: string): void };
