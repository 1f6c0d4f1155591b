import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout this cli runs from (packages/cli/{src,dist}/service → four levels up). */
export const INSTALL_DIR = path.resolve(fileURLToPath(new URL('../../../../', import.meta.url)));

/** The node running this command, symlinks resolved (e.g. /usr/bin/node, or an nvm path). */
export function currentNode(): string {
  return realpathSync(process.execPath);
}

export const SERVICE_DEFAULTS = {
  user: 'balancer',
  dataDir: '/var/lib/balancer',
  unitFile: '/etc/systemd/system/balancer.service',
  envFile: '/etc/balancer/balancer.env',
} as const;
