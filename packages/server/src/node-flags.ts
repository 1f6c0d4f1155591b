/**
 * The Node.js flags the server runs with, wherever it is started: `npm start` (package.json's
 * script, checked against this list by scripts/node-flags.test.ts), the systemd unit
 * (`npm run cli -- service install`) and the tests' spawned servers.
 *
 * --max-semi-space-size=8: V8's young generation grows to 2 × 16 MB during the start (module
 * loading keeps most of what it allocates) and stays there. At 8 MB per semi-space the server
 * stays ~16 MB smaller for its whole life at no measurable cost per request (a /ping A/B on this
 * machine: 31.8 vs 31.3 µs CPU, within the noise); at 4 MB a /ping cost ~10 % more (34.9 µs).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
