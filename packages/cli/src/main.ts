// `npm run cli -- <command>`: the entry point; the commands live in cli.ts. A backtest or a sweep
// starts without loading cli.ts (and the server's modules it brings): engine-commands.ts.
import { runEngineCommand } from './engine-commands.js';

const [command, ...rest] = process.argv.slice(2);
const code =
  (await runEngineCommand(command, rest, process.stdout, process.stderr)) ??
  (await (await import('./cli.js')).runCli(process.argv.slice(2)));
// Exit once the output is written, not when the last handle closes: a probe doctor gave up on
// (an exchange request, a keep-alive socket) must not hold the prompt back.
process.stdout.write('', () => process.exit(code));
