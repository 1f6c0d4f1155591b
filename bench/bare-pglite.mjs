// The bare baseline of a first start (bench/startup.mjs): plain PGlite, default options, opened on
// the empty folder argv[2] in this process, as PGlite's own first start does it (initdb). Prints
// `BARE {"ms": …, "peak_mb": …}`: time to open and the process's peak resident memory (VmHWM).
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const started = performance.now();
const pglite = new PGlite(/** @type {string} */ (process.argv[2]));
await pglite.waitReady;
await pglite.query('select 1');
const ms = Math.round(performance.now() - started);
const peakKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
await pglite.close();
process.stdout.write(`BARE ${JSON.stringify({ ms, peak_mb: Math.round(peakKb / 1024) })}\n`);
