import { AccountsService, backups, createLogger, Platform, SecretMasker } from '@balancer/server';
import { type ServerLocation, serverConfig, withServerDatabase } from './server-database.js';

export interface UnlockOptions extends ServerLocation {
  nickname: string;
}

function outcome(nickname: string, unlocked: boolean): string {
  return unlocked
    ? `${nickname} is unlocked: failed attempts forgotten, every throttle lifted (new devices, addresses, devices, sessions).\n`
    : `${nickname} was not locked (no failed attempts counted).\n`;
}

/**
 * Lifts the throttles failed password or code attempts put on an account (root's own included).
 * Never needed to get back in — a device that signed in before and an open session are never
 * stopped by others' guessing — but it lets new devices in at once after an attack. With the embedded database held by a running
 * server, the server does it over its control socket; otherwise the database is opened here.
 */
export async function unlockCommand(options: UnlockOptions): Promise<string> {
  const config = serverConfig(options);
  const dataDir = config.BALANCER_DATA_DIR;
  if (!config.DATABASE_URL && backups.embeddedDatabaseHolder(dataDir) !== undefined) {
    const answer = await backups.requestControl(backups.controlSocketPath(dataDir), {
      command: 'unlock',
      nickname: options.nickname,
    });
    return outcome(options.nickname, answer.unlocked === true);
  }
  return withServerDatabase(options, async (serverConfigValue, handle) => {
    const platform = new Platform();
    platform.markReady(handle);
    const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
    const accounts = new AccountsService(platform, serverConfigValue, logger);
    return outcome(options.nickname, await accounts.unlockByNickname(options.nickname));
  });
}
