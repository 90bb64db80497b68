/** The bounds of a fuzzing run (issue 9), from the environment; the design is in ../api-fuzz-valid.test.ts. */

/** Runs per operation and kind of input. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** scrypt at N = 2^17 takes a second or more on a loaded CI machine: the password calls get a few runs. */
export const PASSWORD_RUNS = Math.max(2, Math.ceil(RUNS / 8));
export const SEED = Number(process.env.FUZZ_SEED ?? 9_2026);
/** Only the operations whose `METHOD /path` matches (to replay one). */
export const ONLY = process.env.FUZZ_OPS ? new RegExp(process.env.FUZZ_OPS) : null;
