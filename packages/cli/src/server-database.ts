import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  type Config,
  type DatabaseHandle,
  loadConfig,
  migrateToLatest,
  openDatabase,
} from '@balancer/server';
import { CliError } from './cli-error.js';

export { CliError };

/** Where a command finds the server's configuration (the same sources the server reads). */
export interface ServerLocation {
  /** The server's data folder (else BALANCER_DATA_DIR, else ./data). */
  dataDir?: string | undefined;
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
}

/**
 * Runs `work` on the server's own database: loads its configuration and secrets from the data
 * folder, opens the database (refused while a server holds the embedded one) and migrates it.
 */
export async function withServerDatabase<T>(
  location: ServerLocation,
  work: (config: Config, handle: DatabaseHandle) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const config = serverConfig(location);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.BALANCER_DATA_DIR });
  try {
    if (options.migrate !== false) await migrateToLatest(handle.db);
    return await work(config, handle);
  } finally {
    await handle.close();
  }
}

/** The server's configuration, from its data folder (which must exist). */
export function serverConfig(location: ServerLocation): Config {
  const cwd = location.cwd ?? process.cwd();
  const env = { ...(location.env ?? process.env) };
  if (location.dataDir) env.BALANCER_DATA_DIR = location.dataDir;
  const dataDir = path.resolve(cwd, env.BALANCER_DATA_DIR?.trim() || './data');
  // loadConfig would create a missing folder with new secrets: a typo must not start a new installation.
  if (!existsSync(dataDir)) {
    throw new CliError(`there is no data folder at ${dataDir}: pass the server's one with --data-dir`);
  }
  return loadConfig(env, cwd).config;
}
