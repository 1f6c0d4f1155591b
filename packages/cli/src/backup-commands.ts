import { CliError } from './cli-error.js';

export const BACKUP_USAGE = `
  npm run cli -- backup [FILE] [--json] [--data-dir DIR]
      Writes a backup of the whole database (default DIR/backups/balancer-<UTC time>.jsonl.gz,
      mode 0600), consistent while the platform runs. docs/backups.md tells what it holds.

  npm run cli -- restore FILE [--yes] [--ignore-key-mismatch] [--json] [--data-dir DIR]
      Replaces the whole database with a backup (stop the platform first). Asks first unless --yes.
`;

export const BACKUP_OPTIONS = {
  json: { type: 'boolean' },
  yes: { type: 'boolean' },
  'ignore-key-mismatch': { type: 'boolean' },
} as const;

export type BackupFlags = {
  'data-dir'?: string;
  json?: boolean;
  yes?: boolean;
  'ignore-key-mismatch'?: boolean;
};

export const BACKUP_COMMANDS: Record<string, (args: string[], flags: BackupFlags) => Promise<string>> = {
  backup: async (args, flags) => {
    if (args.length > 1) throw new CliError('backup takes at most one file');
    const { backupCommand } = await import('./backup.js');
    return backupCommand({ file: args[0], json: flags.json === true, dataDir: flags['data-dir'] });
  },
  restore: async (args, flags) => {
    const [file, ...extra] = args;
    if (!file || extra.length > 0) throw new CliError('restore takes the backup file');
    const { askOnTerminal, restoreCommand } = await import('./restore.js');
    return restoreCommand({
      file,
      yes: flags.yes === true,
      ignoreKeyMismatch: flags['ignore-key-mismatch'] === true,
      json: flags.json === true,
      dataDir: flags['data-dir'],
      confirm: process.stdin.isTTY ? askOnTerminal : undefined,
    });
  },
};
