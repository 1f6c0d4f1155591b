import type { ErrorSpec } from '../catalogue.js';

/**
 * 4400–4499 (inside the accounts block): the IP blacklist. The block's quarters follow the
 * catalogue's rule scaled down: 4400 service, 4425 utilities, 4450 validation, 4475 data.
 */
export const IP_BLACKLIST_ERRORS = {
  IP_BLACKLIST_INVALID_INPUT: {
    code: 4450,
    message: 'The IP address blacklist entry is invalid',
    recovery: 'reject',
  },
  IP_BLACKLIST_DUPLICATE: {
    code: 4475,
    message: 'This IP address is already on the blacklist',
    recovery: 'reject',
  },
  IP_BLACKLIST_NOT_FOUND: {
    code: 4476,
    message: 'There is no IP address blacklist entry with this id',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
