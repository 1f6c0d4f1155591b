import { BACKUP_USAGE } from './backup-commands.js';
import { DATA_USAGE } from './data/usage.js';
import { DOCTOR_USAGE } from './doctor/usage.js';
import { runEngineCommand } from './engine-commands.js';
import { SERVICE_USAGE } from './service/usage.js';
import { SWEEP_USAGE } from './sweep/usage.js';

// The entry of every command. It loads only the usage texts: each command's module (and the
// server, engine or core behind it) is imported when that command runs, so `--help` answers at
// once (bench/cli.mjs measures it).

const USAGE = `Balancer admin commands (run where the server's data folder is reachable; with the embedded
database, stop the server first, except for backup and unlock). They use the server's own configuration (environment,
BALANCER_CONFIG, DIR/secrets.json).

  npm run cli -- root-otp [--rotate] [--data-dir DIR]
      Shows root's one-time-code secret (otpauth URI and QR code) again; --rotate replaces it first.

  npm run cli -- backtest [--data FILE] [--from DAY] [--to DAY] [--template ID] [--json] …
      Replays candles through the strategy and prints a summary; --report or --out DIR writes
      report.json and report.html (also
      \`npm run backtest -- …\`; flags: npm run cli -- backtest --help, docs/backtesting.md).

  npm run cli -- unlock NICKNAME [--data-dir DIR]
      Lifts the lock that failed password or one-time-code attempts put on an account (root's
      too); works while the server runs, also on the embedded database.

  npm run cli -- exchange-keys set|clear|status [--exchange ID] [--data-dir DIR]
      Stores the exchange API keys encrypted (set reads the key, then the secret, one per line on
      standard input), removes them, or shows which are stored (last 4 characters of the key).
${DATA_USAGE}${SWEEP_USAGE}${BACKUP_USAGE}${SERVICE_USAGE}${DOCTOR_USAGE}`;

/** Where the cli writes (stdout and stderr; tests pass their own). */
export interface Writer {
  write(text: string): unknown;
}

export interface CliIo {
  out: Writer;
  err: Writer;
  /** Standard input as text (exchange-keys set). */
  input: () => Promise<string>;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs one command; returns the process exit code. */
export async function runCli(
  argv: readonly string[],
  out: Writer = process.stdout,
  err: Writer = process.stderr,
  input: () => Promise<string> = readStdin,
): Promise<number> {
  const [command, ...rest] = argv;
  // Candle sets: flags of their own, only the data folder of the server's configuration.
  if (command === 'data') {
    const { dataEntry } = await import('./data/entry.js');
    return dataEntry(rest, {
      stdout: (text) => out.write(text),
      stderr: (text) => err.write(text),
      tty: err === process.stderr && process.stderr.isTTY === true,
      env: process.env,
      now: Date.now,
    });
  }
  // The backtest and the sweep: flags of their own, no server configuration (engine-commands.ts).
  const engineRun = await runEngineCommand(command, rest, out, err);
  if (engineRun !== undefined) return engineRun;
  const asked = command === undefined || command === 'help' || command === '--help';
  if (asked) {
    out.write(USAGE);
    return 0;
  }
  const { isCommand, runCommand } = await import('./commands.js');
  if (!isCommand(command)) {
    err.write(USAGE);
    return 2;
  }
  return runCommand(command, rest, { out, err, input }, USAGE);
}
