/**
 * How Node runs the server's bundle, everywhere it runs: `npm start` and `npm run worker`
 * (package.json), the deploy guide's processes (docs/deploy.md), the demo rehearsal's child, the
 * worker processes the crash tests start, and the benches. server-runtime.test.ts holds
 * package.json and the guide to these. Why (decision 0050):
 *
 * - `--optimize-for-size`: V8 grows the heap in smaller steps and gives pages back sooner; idle on
 *   the embedded database after 50 seeded tests, the resident set fell from 460–490 MB to
 *   about 300 MB.
 * - No `--enable-source-maps`: it keeps every loaded map parsed (the bundle's and node_modules'),
 *   about 45 MB of a fresh server. The maps stay beside the bundle: NODE_OPTIONS=--enable-source-maps
 *   makes stack traces name src/ lines when a trace needs reading.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--optimize-for-size'];

/**
 * The environment glibc reads when the process starts (it cannot be set from inside): at most two
 * malloc arenas instead of eight a core, which keeps native memory that threads freed from staying
 * resident in arenas of their own (about 25 MB less idle).
 */
export const SERVER_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
