// Backups of the whole database (issue 6): the file format, backup, restore, and the control
// socket through which the CLI asks a server running on the embedded database for a backup.

export { requestBackup, requestControl } from './control-protocol.js';
export { BackupControlSocket, type ControlCommands } from './control-socket.js';
export { type BackupOptions, type BackupSummary, createBackup } from './create-backup.js';
export { type BackupHeader, keyCheck } from './format.js';
export { openBackup } from './read-backup.js';
export { checkHeader, type RestoreOptions, type RestoreSummary, restoreBackup } from './restore-backup.js';
export { controlSocketPath, embeddedDatabaseHolder } from './running.js';
