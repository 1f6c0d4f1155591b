import { parseArgs } from 'node:util';
import { isCodedError } from '@balancer/core';
import { ConfigError } from '@balancer/server';
import { CliError, rootOtpCommand } from './root-otp.js';

const USAGE = `Balancer admin commands (run where the server's data folder is reachable):

  npm run cli -- root-otp [--rotate] [--data-dir DIR]
      Shows root's one-time-code secret (otpauth URI and QR code) again; --rotate replaces it
      first. Uses the same configuration as the server (environment, BALANCER_CONFIG, DIR/secrets.json).
      With the embedded database, stop the server first.
`;

/** Where the cli writes (stdout and stderr; tests pass their own). */
export interface Writer {
  write(text: string): unknown;
}

/** Runs one command; returns the process exit code. */
export async function runCli(
  argv: readonly string[],
  out: Writer = process.stdout,
  err: Writer = process.stderr,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'root-otp') {
    (command && command !== 'help' && command !== '--help' ? err : out).write(USAGE);
    return command && command !== 'help' && command !== '--help' ? 2 : 0;
  }
  let flags: { rotate?: boolean; 'data-dir'?: string };
  try {
    flags = parseArgs({
      args: [...rest],
      options: { rotate: { type: 'boolean' }, 'data-dir': { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  try {
    out.write(await rootOtpCommand({ rotate: flags.rotate === true, dataDir: flags['data-dir'] }));
    return 0;
  } catch (error) {
    if (error instanceof ConfigError)
      err.write(`The configuration is invalid:\n  - ${error.problems.join('\n  - ')}\n`);
    else if (error instanceof CliError) err.write(`${error.message}\n`);
    else if (isCodedError(error)) err.write(`${error.codedMessage}\n`);
    else throw error;
    return 1;
  }
}
