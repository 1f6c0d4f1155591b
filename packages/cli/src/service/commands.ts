import { CliError } from '../cli-error.js';
import { installService, printService, uninstallService } from './install.js';
import { localSystem } from './system.js';
import type { ServiceFlags } from './usage.js';

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
