import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { backups, type DatabaseHandle } from '@balancer/server';
import { type ServerLocation, serverConfig, withServerDatabase } from './server-database.js';

export interface BackupCommandOptions extends ServerLocation {
  /** Where to write; default `<data dir>/backups/balancer-<UTC time>.jsonl.gz`. */
  file?: string | undefined;
  json?: boolean;
  now?: Date;
}

/** `balancer-20261122-074945Z.jsonl.gz`: sorts by time, no characters shells or Windows mind. */
export function defaultBackupName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z');
  return `balancer-${stamp}.jsonl.gz`;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * Writes a backup of the whole database while the platform may keep running: PostgreSQL is read
 * directly; the embedded database, when a server holds it, is backed up by that server over its
 * control socket, else opened here (not migrated: the backup records the schema as it is).
 */
export async function backupCommand(options: BackupCommandOptions): Promise<string> {
  const config = serverConfig(options);
  const now = options.now ?? new Date();
  const dataDir = config.BALANCER_DATA_DIR;
  let file: string;
  if (options.file) {
    file = path.resolve(options.cwd ?? process.cwd(), options.file);
  } else {
    mkdirSync(path.join(dataDir, 'backups'), { recursive: true, mode: 0o700 });
    file = path.join(dataDir, 'backups', defaultBackupName(now));
  }
  const started = performance.now();
  const byServer = !config.DATABASE_URL && backups.embeddedDatabaseHolder(dataDir) !== undefined;
  const summary = byServer
    ? await backups.requestBackup(backups.controlSocketPath(dataDir), file)
    : await withServerDatabase(
        options,
        (_config, handle: DatabaseHandle) =>
          backups.createBackup(handle.db, {
            file,
            encryptionKey: config.ENCRYPTION_KEY,
            databaseKind: handle.kind,
            now,
          }),
        { migrate: false },
      );
  const tookMs = Math.round(performance.now() - started);
  if (options.json) return `${JSON.stringify({ ...summary, byServer, tookMs })}\n`;
  return [
    `Backup written: ${summary.path}`,
    `  ${kib(summary.bytes)}, ${summary.tables} tables, ${summary.rows} rows, took ${tookMs} ms${byServer ? ' (written by the running server)' : ''}`,
    '  It holds password hashes and encrypted secrets: keep it private, with secrets.json kept apart.',
    '',
  ].join('\n');
}
