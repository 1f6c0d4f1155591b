import { parseArgs } from 'node:util';
import { isCodedError } from '@balancer/core/errors';
import { ConfigError } from '@balancer/server/ops';
import { BACKUP_COMMANDS, BACKUP_OPTIONS, type BackupFlags } from './backup-commands.js';
import type { CliIo } from './cli.js';
import { CliError } from './cli-error.js';
import { DOCTOR_OPTIONS, type DoctorFlags } from './doctor/usage.js';
import { SERVICE_OPTIONS, type ServiceFlags } from './service/usage.js';

// The commands that share the server's configuration and one set of flags. cli.ts loads this
// module only to run one of them: `--help` needs none of it.

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
  service: async (args, flags) => {
    const { serviceCommand } = await import('./service/commands.js');
    return serviceCommand(args, flags);
  },
  doctor: async (args, flags, io) => {
    const { doctorCommand } = await import('./doctor/command.js');
    return doctorCommand(args, flags, io);
  },
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

/** Whether `command` is one of these. */
export function isCommand(command: string): boolean {
  return Object.hasOwn(COMMANDS, command);
}

/** Runs `command` (isCommand) with its arguments; returns the exit code. */
export async function runCommand(
  command: string,
  rest: readonly string[],
  io: CliIo,
  usage: string,
): Promise<number> {
  const run = COMMANDS[command] as NonNullable<(typeof COMMANDS)[string]>;
  const { out, err } = io;
  let parsed: { values: Flags; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...rest], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  try {
    const outcome = await run(parsed.positionals, parsed.values, io);
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
