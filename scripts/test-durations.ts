// `npm run test:durations -- TIMES.json`: rewrites scripts/test-durations.json (what the sequencer
// orders files by) from a whole run's timings, written by `TEST_TIMES_FILE=TIMES.json npm test`;
// prints the slowest files.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { durationsOf, type ModuleTiming, slowestFiles } from './test-times.js';

const input = process.argv[2];
if (!input) throw new Error('usage: npm run test:durations -- TIMES.json');
const timings = JSON.parse(readFileSync(input, 'utf8')) as ModuleTiming[];
const output = fileURLToPath(new URL('./test-durations.json', import.meta.url));
writeFileSync(output, `${JSON.stringify(durationsOf(timings), null, 2)}\n`);
process.stdout.write(`${slowestFiles(timings, 15).join('\n')}\n\nwrote ${output}\n`);
