import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  AccountsService,
  createLogger,
  loadConfig,
  migrateToLatest,
  openDatabase,
  Platform,
  SecretMasker,
} from '@balancer/server';

export interface RootOtpOptions {
  /** Replace root's secret first: codes from the old one stop working at once. */
  rotate: boolean;
  /** The server's data folder (else BALANCER_DATA_DIR, else ./data). */
  dataDir?: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
}

/** Thrown for an operator mistake; the message says what to do. */
export class CliError extends Error {}

/**
 * Root's one-time-code secret, as the first start printed it (otpauth URI and QR code), for an
 * operator with the data folder. Loads the server's own configuration and secrets from that
 * folder, opens its database (refused while a server holds the embedded one) and migrates it;
 * creates root if the server never got that far.
 */
export async function rootOtpCommand(options: RootOtpOptions): Promise<string> {
  const cwd = options.cwd ?? process.cwd();
  const env = { ...(options.env ?? process.env) };
  if (options.dataDir) env.BALANCER_DATA_DIR = options.dataDir;
  const dataDir = path.resolve(cwd, env.BALANCER_DATA_DIR?.trim() || './data');
  // loadConfig would create a missing folder with new secrets: a typo must not start a new installation.
  if (!existsSync(dataDir)) {
    throw new CliError(`there is no data folder at ${dataDir}: pass the server's one with --data-dir`);
  }
  const { config } = loadConfig(env, cwd);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.BALANCER_DATA_DIR });
  try {
    await migrateToLatest(handle.db);
    const platform = new Platform();
    platform.markReady(handle);
    const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
    return await new AccountsService(platform, config, logger).rootOtpAnnouncement(options.rotate);
  } finally {
    await handle.close();
  }
}
