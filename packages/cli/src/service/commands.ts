import { CliError } from '../cli-error.js';
import { installService, printService, uninstallService } from './install.js';
import { SERVICE_DEFAULTS } from './paths.js';
import { localSystem } from './system.js';

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

export async function serviceCommand(args: string[], flags: ServiceFlags): Promise<string> {
  const [action, ...extra] = args;
  if (extra.length > 0) throw new CliError(`service takes one action: ${args.join(' ')}`);
  const options = {
    user: flags.user,
    dataDir: flags['data-dir'],
    unitFile: flags['unit-file'],
    envFile: flags.settings,
    dryRun: flags['dry-run'] === true,
  };
  try {
    switch (action) {
      case 'install':
        return installService(options, localSystem());
      case 'uninstall':
        return uninstallService(options, localSystem());
      case 'print':
        return printService(options);
      default:
        throw new CliError('service wants one of: install, uninstall, print');
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    throw new CliError(
      `${(error as Error).message}: run it as root (\`sudo npm run cli -- service ${action}\`), or pass paths you may write`,
    );
  }
}
