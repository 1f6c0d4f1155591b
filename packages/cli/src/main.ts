// `npm run cli -- <command>`: the entry point; the commands live in cli.ts, which loads only the
// usage texts and imports each command's module (and the engine or server behind it) when it runs.
import { runCli } from './cli.js';

const code = await runCli(process.argv.slice(2));
// Exit once the output is written, not when the last handle closes: a probe doctor gave up on
// (an exchange request, a keep-alive socket) must not hold the prompt back.
process.stdout.write('', () => process.exit(code));
