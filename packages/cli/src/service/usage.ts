// `npm run cli -- service` in the cli's usage, and its flags (the command itself loads only when run).
import { SERVICE_DEFAULTS } from './paths.js';

export const SERVICE_USAGE = `
  npm run cli -- service install|uninstall|print [--user NAME] [--data-dir DIR]
                 [--settings FILE] [--unit-file PATH] [--dry-run]
      Runs the platform as a systemd service (docs/service.md). install creates the system user
      (default ${SERVICE_DEFAULTS.user}), the data folder (default ${SERVICE_DEFAULTS.dataDir}, 0700),
      the settings file (default ${SERVICE_DEFAULTS.envFile}, 0600) and the unit
      (default ${SERVICE_DEFAULTS.unitFile}); --dry-run and print show the unit and
      write nothing; uninstall removes the unit and keeps the data and settings.
`;

export const SERVICE_OPTIONS = {
  user: { type: 'string' },
  'unit-file': { type: 'string' },
  settings: { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

export type ServiceFlags = {
  user?: string;
  'data-dir'?: string;
  'unit-file'?: string;
  settings?: string;
  'dry-run'?: boolean;
};
