import type { ErrorSpec } from '../catalogue.js';

/** 7000 block, notification delivery to Telegram: codes 7020–7039, 7270–7289, 7520–7539, 7770–7789. */
export const TELEGRAM_ERRORS = {} as const satisfies Record<string, ErrorSpec>;
