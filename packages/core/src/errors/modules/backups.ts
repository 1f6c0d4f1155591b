import type { ErrorSpec } from '../catalogue.js';

/** 7000 block, backup and restore: codes 7060–7079, 7310–7329, 7560–7579, 7810–7829. */
export const BACKUP_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
