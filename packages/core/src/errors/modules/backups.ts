import type { ErrorSpec } from '../catalogue.js';

/** 7000 block, backup and restore: codes 7060–7079, 7310–7329, 7560–7579, 7810–7829. */
export const BACKUP_ERRORS = {
  BACKUP_FILE_UNREADABLE: {
    code: 7060,
    message: 'The backup file cannot be read',
    recovery: 'reject',
    routine: true,
  },
  BACKUP_NOT_A_BACKUP: {
    code: 7061,
    message: 'The file is not a Balancer backup, or it is damaged or incomplete',
    recovery: 'reject',
    routine: true,
  },
  BACKUP_TOO_NEW: {
    code: 7062,
    message: 'The backup needs database migrations this version of Balancer does not have: update first',
    recovery: 'reject',
    routine: true,
  },
  BACKUP_KEY_MISMATCH: {
    code: 7063,
    message:
      'The backup was made under a different ENCRYPTION_KEY: its one-time-code secrets and exchange keys would be unreadable (restore that secrets.json, or pass --ignore-key-mismatch)',
    recovery: 'reject',
    routine: true,
  },
  BACKUP_PLATFORM_RUNNING: {
    code: 7064,
    message: 'The platform is running on this database: stop it before restoring',
    recovery: 'reject',
    routine: true,
  },
  BACKUP_CONTROL_SOCKET_FAILED: {
    code: 7065,
    message: 'The running server did not complete the backup over its control socket',
    recovery: 'retry',
  },
  BACKUP_WRITE_FAILED: {
    code: 7066,
    message: 'The backup could not be written',
    recovery: 'alert',
  },
  BACKUP_RESTORE_FAILED: {
    code: 7067,
    message: 'The restore failed and was rolled back: the database is unchanged',
    recovery: 'alert',
  },
  BACKUP_CONFIRMATION_REQUIRED: {
    code: 7068,
    message: 'Restoring replaces the whole database: confirm on a terminal, or pass --yes',
    recovery: 'reject',
    routine: true,
  },
  BACKUP_BAD_REQUEST: {
    code: 7069,
    message: 'The control socket request is not a backup request with an absolute file path',
    recovery: 'reject',
    routine: true,
  },
} as const satisfies Record<string, ErrorSpec>;
