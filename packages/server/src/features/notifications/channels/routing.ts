import type { NotificationCategory, NotificationChannel } from '@balancer/core';
import type { Config } from '../../../config/schema.js';

/**
 * What each sender's notifications are about (docs/notifications.md#routing). A sender not listed
 * (a new part of the platform) counts as `operations`.
 */
const CATEGORY_OF_SENDER: Readonly<Record<string, NotificationCategory>> = {
  transaction: 'trades',
  'market state': 'trades',
  position: 'positions',
  planner: 'positions',
  server: 'alarms',
  exchange: 'alarms',
  websocket: 'alarms',
  accounts: 'security',
  lab: 'lab',
  'API initialiser': 'operations',
};

export function categoryOf(sender: string): NotificationCategory {
  return CATEGORY_OF_SENDER[sender] ?? 'operations';
}

/**
 * The categories a channel receives when its `<CHANNEL>_CATEGORIES` key is unset: Telegram and
 * the webhook everything (a chat or a tool that filters for itself), the phone what needs a look
 * soon, e-mail what is rare and matters (alarms, sign-in trouble, updates).
 */
export const DEFAULT_CATEGORIES: Readonly<Record<NotificationChannel, readonly NotificationCategory[]>> = {
  telegram: ['trades', 'positions', 'alarms', 'security', 'lab', 'operations'],
  webhook: ['trades', 'positions', 'alarms', 'security', 'lab', 'operations'],
  push: ['trades', 'positions', 'alarms', 'security'],
  email: ['alarms', 'security', 'operations'],
};

export type ChannelRoutes = Readonly<Record<NotificationChannel, readonly NotificationCategory[]>>;

type RoutingKeys = 'TELEGRAM_CATEGORIES' | 'EMAIL_CATEGORIES' | 'WEBHOOK_CATEGORIES' | 'PUSH_CATEGORIES';

/** Each channel's categories: its key when set, else the default. */
export function channelRoutes(config: Partial<Pick<Config, RoutingKeys>>): ChannelRoutes {
  return {
    telegram: config.TELEGRAM_CATEGORIES ?? DEFAULT_CATEGORIES.telegram,
    email: config.EMAIL_CATEGORIES ?? DEFAULT_CATEGORIES.email,
    webhook: config.WEBHOOK_CATEGORIES ?? DEFAULT_CATEGORIES.webhook,
    push: config.PUSH_CATEGORIES ?? DEFAULT_CATEGORIES.push,
  };
}

/** The channels among `enabled` that a notification from `sender` goes to. */
export function channelsFor(
  sender: string,
  routes: ChannelRoutes,
  enabled: readonly NotificationChannel[],
): NotificationChannel[] {
  const category = categoryOf(sender);
  return enabled.filter((channel) => routes[channel].includes(category));
}

/** The screen of the app a notification is about (a push click opens it). */
export function screenOf(category: NotificationCategory): string {
  switch (category) {
    case 'trades':
    case 'positions':
      return '/app/positions';
    case 'security':
      return '/app/users';
    case 'lab':
      return '/app/lab';
    case 'alarms':
    case 'operations':
      return '/app/server';
  }
}
