// `npm run cli -- <command>`: the entry point; the commands live in cli.ts.
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2));
