import { parseArgs } from 'node:util';
import { isCodedError } from '@balancer/core';
import { ConfigError } from '@balancer/server/ops';
import { BACKUP_COMMANDS, BACKUP_OPTIONS, BACKUP_USAGE, type BackupFlags } from './backup-commands.js';
import { CliError } from './cli-error.js';
import { DATA_USAGE } from './data/usage.js';
import { DOCTOR_OPTIONS, DOCTOR_USAGE, type DoctorFlags, doctorCommand } from './doctor/command.js';
import { runEngineCommand } from './engine-commands.js';
import { SERVICE_OPTIONS, SERVICE_USAGE, type ServiceFlags, serviceCommand } from './service/commands.js';
import { SWEEP_USAGE } from './sweep/usage.js';

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

const OPTIONS = {
  rotate: { type: 'boolean' },
  'data-dir': { type: 'string' },
  exchange: { type: 'string' },
  ...BACKUP_OPTIONS,
  ...SERVICE_OPTIONS,
  ...DOCTOR_OPTIONS,
} as const;

type Flags = { rotate?: boolean; 'data-dir'?: string; exchange?: string } & BackupFlags &
  ServiceFlags &
  DoctorFlags;

/** A command's output; with an exit code when it is not 0 on success (doctor: 1 when a check failed). */
type Outcome = string | { text: string; exitCode: number };

// Each command's module loads when it runs: the server's full entry costs seconds on a small
// machine, and doctor must answer in under 2 s.
const COMMANDS: Record<string, (args: string[], flags: Flags, io: CliIo) => Promise<Outcome>> = {
  ...BACKUP_COMMANDS,
  service: (args, flags) => serviceCommand(args, flags),
  doctor: (args, flags, io) => doctorCommand(args, flags, io),
  'root-otp': async (args, flags) => {
    if (args.length > 0) throw new CliError(`root-otp takes no arguments: ${args.join(' ')}`);
    const { rootOtpCommand } = await import('./root-otp.js');
    return rootOtpCommand({ rotate: flags.rotate === true, dataDir: flags['data-dir'] });
  },
  unlock: async (args, flags) => {
    const [nickname, ...extra] = args;
    if (!nickname || extra.length > 0)
      throw new CliError('unlock wants one nickname: npm run cli -- unlock NICKNAME');
    const { unlockCommand } = await import('./unlock.js');
    return unlockCommand({ nickname, dataDir: flags['data-dir'] });
  },
  'exchange-keys': async (args, flags, io) => {
    const action = args[0];
    if ((action !== 'set' && action !== 'clear' && action !== 'status') || args.length > 1) {
      throw new CliError('exchange-keys wants one of: set, clear, status');
    }
    const { exchangeKeysCommand } = await import('./exchange-keys.js');
    return exchangeKeysCommand({
      action,
      exchange: flags.exchange,
      dataDir: flags['data-dir'],
      input: io.input,
    });
  },
};

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
    const { dataCommand } = await import('./data/command.js');
    return dataCommand(rest, {
      stdout: (text) => out.write(text),
      stderr: (text) => err.write(text),
      tty: err === process.stderr && process.stderr.isTTY === true,
      env: process.env,
      now: Date.now,
    });
  }
  const engineRun = await runEngineCommand(command, rest, out, err);
  if (engineRun !== undefined) return engineRun;
  const run = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!run) {
    const asked = command === undefined || command === 'help' || command === '--help';
    (asked ? out : err).write(USAGE);
    return asked ? 0 : 2;
  }
  let parsed: { values: Flags; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  try {
    const outcome = await run(parsed.positionals, parsed.values, { out, err, input });
    if (typeof outcome === 'string') {
      out.write(outcome);
      return 0;
    }
    out.write(outcome.text);
    return outcome.exitCode;
  } catch (error) {
    if (error instanceof ConfigError)
      err.write(`The configuration is invalid:\n  - ${error.problems.join('\n  - ')}\n`);
    else if (error instanceof CliError) err.write(`${error.message}\n`);
    else if (isCodedError(error)) err.write(`${error.codedMessage}\n`);
    else throw error;
    return 1;
  }
}
