import type { ErrorSpec } from '../catalogue.js';

/** 1000 block: numbers, formats and shared validation. */
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
  // A value of the wrong JavaScript type (a string where a count is expected); a value of the right
  // type that is not a finite number stays INVALID_VALUE.
  INVALID_TYPE: { code: 1505, message: 'The value has an unsupported type', recovery: 'reject' },
  INVALID_INTEGER: { code: 1506, message: 'The value must be an integer', recovery: 'reject' },
  INVALID_DATE_STYLE: {
    code: 1507,
    message: 'The date style must be short, medium or long',
    recovery: 'reject',
  },
  INVALID_TIME_ZONE: { code: 1508, message: 'The time zone is not supported', recovery: 'reject' },
} as const satisfies Record<string, ErrorSpec>;
