import type { ErrorSpec } from '../catalogue.js';

/** 5000 block, per-exchange trading (issue 34): codes 5600–5649. */
export const EXCHANGE_VENUE_ERRORS = {
  EXCHANGE_QUOTE_UNLISTED: {
    code: 5600,
    message: 'The exchange lists no BTC market in this quote asset; choose a QUOTE_ASSET the exchange lists',
    recovery: 'reject',
  },
  EXCHANGE_CLIENT_ORDER_ID_INVALID: {
    code: 5601,
    message: "The client order id cannot be written in this exchange's client order id field",
    recovery: 'reject',
  },
  EXCHANGE_KEYS_SHAPE_INVALID: {
    code: 5602,
    message:
      'The exchange keys do not have the shape this exchange issues (key, secret, passphrase or private key)',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
