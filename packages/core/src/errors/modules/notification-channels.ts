import type { ErrorSpec } from '../catalogue.js';

/** 7900–7949: notification channels (e-mail, webhooks, Web Push). */
export const NOTIFICATION_CHANNEL_ERRORS = {
  PUSH_SESSION_REQUIRED: {
    code: 7900,
    message: 'Push notifications are turned on per signed-in device: sign in again on this device',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
