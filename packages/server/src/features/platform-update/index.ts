import { releasesPage, updateSource } from '../../config/project-links.js';
import type { Config } from '../../config/schema.js';
import type { Logger } from '../../logging/logger.js';
import type { Platform } from '../../platform/platform.js';
import type { NotificationPort } from '../../shared/notifications.js';
import { VersionChecker } from './checker.js';
import { platformUpdateRoutes } from './routes.js';
import { INSTALL_ROOT, readRunningVersions, systemdService } from './running.js';

export { VersionChecker } from './checker.js';

/**
 * The version checker (a background task), its routes, and the essentials' version, for
 * platform/compose.ts. The running versions are read once here.
 */
export function createPlatformUpdate(
  platform: Platform,
  config: Config,
  logger: Logger,
  notifications: NotificationPort,
  /** Wall time, epoch ms (the platform's clock). */
  now: () => number,
) {
  const running = readRunningVersions(INSTALL_ROOT);
  const checker = new VersionChecker(platform, notifications, logger, {
    source: updateSource(config),
    running,
    now,
  });
  const routes = platformUpdateRoutes(checker, {
    root: INSTALL_ROOT,
    gitCheckout: running.gitCheckout,
    postgres: config.DATABASE_URL !== undefined,
    dataDir: config.BALANCER_DATA_DIR,
    releasesPage: releasesPage(config),
    service: systemdService(process.env),
  });
  return { checker, routes, essentials: () => checker.summary() };
}
