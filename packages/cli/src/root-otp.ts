import { AccountsService, createLogger, Platform, SecretMasker } from '@balancer/server';
import { type ServerLocation, withServerDatabase } from './server-database.js';

export { CliError } from './server-database.js';

export interface RootOtpOptions extends ServerLocation {
  /** Replace root's secret first: codes from the old one stop working at once. */
  rotate: boolean;
}

/**
 * Root's one-time-code secret, as the first start showed it (otpauth URI and QR code), for an
 * operator with the data folder; creates root if the server never got that far.
 */
export async function rootOtpCommand(options: RootOtpOptions): Promise<string> {
  return withServerDatabase(options, async (config, handle) => {
    const platform = new Platform();
    platform.markReady(handle);
    const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
    return new AccountsService(platform, config, logger).rootOtpAnnouncement(options.rotate);
  });
}
