import type { Config } from '../../config/schema.js';
import type { Logger } from '../../logging/logger.js';
import { API_VERSION } from '../../shared/api-version.js';
import type { NotificationsService } from './service.js';

/**
 * The 'API initialiser' notification once the platform (engine included) has started: version and
 * exchange mode, so the operator sees restarts in the list and in Telegram. Never throws: a
 * notification that cannot be stored must not stop the platform from starting.
 */
export async function announceStart(
  notifications: NotificationsService,
  config: Pick<Config, 'EXCHANGE' | 'EXCHANGE_MODE' | 'QUOTE_ASSET'>,
  logger: Logger,
  now: number,
): Promise<void> {
  const orders =
    config.EXCHANGE_MODE === 'live' ? 'real orders' : 'simulated orders, no real order is placed';
  try {
    await notifications.add(
      {
        sender: 'API initialiser',
        title: 'Balancer API started',
        description: `Version ${API_VERSION}; ${config.EXCHANGE} BTC/${config.QUOTE_ASSET} in ${config.EXCHANGE_MODE} mode (${orders})`,
      },
      now,
    );
  } catch (error) {
    logger.warn({ err: error }, 'start-up notification not stored');
  }
}
