import type { ErrorSpec } from '../catalogue.js';

/** 1000 block: numbers, formats and shared validation (product-spec §5, §8). */
export const NUMBER_ERRORS = {
  INVALID_VALUE: { code: 1500, message: 'The value is not a valid number', recovery: 'reject' },
  INVALID_DECIMAL_PLACES: {
    code: 1501,
    message: 'Decimal places must be an integer from 0 to 100',
    recovery: 'reject',
  },
  INVALID_ROUNDING_MODE: { code: 1502, message: 'The rounding mode is not supported', recovery: 'reject' },
  NEGATIVE_VALUE_NOT_ALLOWED: { code: 1503, message: 'The value must not be negative', recovery: 'reject' },
  INVALID_PERCENTAGE_BASE: {
    code: 1504,
    message: 'The base of a percentage change must be greater than 0',
    recovery: 'reject',
  },
} as const satisfies Record<string, ErrorSpec>;
