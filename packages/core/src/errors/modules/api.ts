import type { ErrorSpec } from '../catalogue.js';

/** 6000 block: the API server (requests, readiness). */
export const API_ERRORS = {
  INTERNAL_ERROR: {
    code: 6000,
    message: 'An unexpected error occurred; it has been logged',
    recovery: 'alert',
  },
  ROUTE_NOT_FOUND: {
    code: 6001,
    message: 'There is no such route',
    recovery: 'reject',
    routine: true,
  },
  SERVICE_NOT_READY: {
    code: 6002,
    message: 'The platform is starting up or busy, try again in 30 seconds',
    recovery: 'retry',
    routine: true,
  },
  RATE_LIMITED: {
    code: 6003,
    message: 'Too many requests from this IP address',
    recovery: 'retry',
    routine: true,
  },
  INVALID_JSON_BODY: { code: 6500, message: 'The request body is not valid JSON', recovery: 'reject' },
  BODY_TOO_LARGE: { code: 6501, message: 'The request body is larger than 100 kB', recovery: 'reject' },
  UNSUPPORTED_CONTENT_TYPE: {
    code: 6502,
    message: 'The request body must be sent as application/json',
    recovery: 'reject',
  },
  INVALID_REQUEST: { code: 6503, message: 'The request is invalid', recovery: 'reject' },
  /** HTTP 431: Node's parser refuses headers over its limit (16 kB) before Fastify sees them. */
  HEADERS_TOO_LARGE: {
    code: 6504,
    message: 'The request headers are larger than 16 kB',
    recovery: 'reject',
  },
  /** HTTP 408: the request's headers or body did not arrive within the server's request timeout. */
  REQUEST_TIMEOUT: { code: 6505, message: 'The request did not arrive in time', recovery: 'retry' },
} as const satisfies Record<string, ErrorSpec>;
