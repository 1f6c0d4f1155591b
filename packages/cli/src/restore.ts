import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { CodedError } from '@balancer/core';
import { backups, type DatabaseHandle } from '@balancer/server';
import { type ServerLocation, serverConfig, withServerDatabase } from './server-database.js';

export interface RestoreCommandOptions extends ServerLocation {
  file: string;
  /** Skip the question: restoring replaces the whole database. */
  yes?: boolean;
  ignoreKeyMismatch?: boolean;
  json?: boolean;
  /** Asks the operator; absent when no terminal can answer (then `--yes` is required). */
  confirm?: ((question: string) => Promise<boolean>) | undefined;
}

/** A yes/no question on the terminal (only when standard input is one). */
export async function askOnTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await terminal.question(`${question} [y/N] `)).trim());
  } finally {
    terminal.close();
  }
}

/**
 * Replaces the database with a backup's content. Checks the file's header first (format,
 * migrations this version knows, ENCRYPTION_KEY), refuses while the platform runs, asks, then
 * restores in one transaction (restoreBackup): a failure leaves the database as it was.
 */
export async function restoreCommand(options: RestoreCommandOptions): Promise<string> {
  const config = serverConfig(options);
  const file = path.resolve(options.cwd ?? process.cwd(), options.file);
  const restoreOptions = {
    file,
    encryptionKey: config.ENCRYPTION_KEY,
    ignoreKeyMismatch: options.ignoreKeyMismatch === true,
  };
  const backup = await backups.openBackup(file);
  await backup.close();
  backups.checkHeader(backup.header, restoreOptions);
  // With PostgreSQL, restoreBackup checks the engine lock itself.
  const holder = config.DATABASE_URL ? undefined : backups.embeddedDatabaseHolder(config.BALANCER_DATA_DIR);
  if (holder !== undefined) throw new CodedError('BACKUP_PLATFORM_RUNNING', `pid ${holder}`);
  if (!options.yes) {
    if (!options.confirm) throw new CodedError('BACKUP_CONFIRMATION_REQUIRED');
    const where = config.DATABASE_URL
      ? 'the PostgreSQL database'
      : `the embedded database in ${config.BALANCER_DATA_DIR}`;
    const asked = `Replace everything in ${where} with the backup of ${backup.header.createdAt}?`;
    if (!(await options.confirm(asked))) return 'Nothing was restored.\n';
  }
  const started = performance.now();
  const summary = await withServerDatabase(
    options,
    (_config, handle: DatabaseHandle) => backups.restoreBackup(handle.db, restoreOptions),
    { migrate: false },
  );
  const tookMs = Math.round(performance.now() - started);
  if (options.json) return `${JSON.stringify({ ...summary, tookMs })}\n`;
  const migrated = summary.migrated.length > 0 ? summary.migrated.join(', ') : 'none';
  return [
    `Restored ${summary.path} (backup of ${summary.createdAt})`,
    `  ${summary.tables} tables, ${summary.rows} rows, took ${tookMs} ms; migrations applied since: ${migrated}`,
    '  Start the platform again to use it.',
    '',
  ].join('\n');
}
