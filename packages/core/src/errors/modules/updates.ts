import type { ErrorSpec } from '../catalogue.js';

/** 7000 block, version checker and platform update: codes 7040–7059, 7290–7309, 7540–7559, 7790–7809. */
export const UPDATE_ERRORS = {
  UPDATE_CHECK_OFF: {
    code: 7040,
    message: 'The version check is turned off (UPDATE_SOURCE_URL=off)',
    recovery: 'reject',
    routine: true,
  },
  UPDATE_CHECK_STOPPED: {
    code: 7041,
    message: 'The version check was cut short: the platform is stopping',
    recovery: 'retry',
    routine: true,
  },
} as const satisfies Record<string, ErrorSpec>;
