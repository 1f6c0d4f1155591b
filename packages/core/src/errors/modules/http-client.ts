import type { ErrorSpec } from '../catalogue.js';

/**
 * 6250 block (utilities of the API block): the spec's HTTP-client errors, raised by the web app's
 * API client before a request leaves or when an answer is not what was asked; the server never
 * answers them. CONTENT_TYPE_MISSMATCH keeps the spec's spelling so it can be found by name.
 */
export const HTTP_CLIENT_ERRORS = {
  INVALID_REQUEST_URL: { code: 6250, message: 'The request URL is not valid', recovery: 'reject' },
  INVALID_REQUEST_HEADERS: { code: 6251, message: 'The request headers are not valid', recovery: 'reject' },
  INVALID_REQUEST_OPTIONS: { code: 6252, message: 'The request options are not valid', recovery: 'reject' },
  INVALID_RESPONSE_DTYPE: { code: 6253, message: 'The response is not an API envelope', recovery: 'alert' },
  UNEXPECTED_RESPONSE_STATUS_CODE: {
    code: 6254,
    message: 'Request Failed: received unexpected response code',
    recovery: 'retry',
  },
  INVALID_RESPONSE_CONTENT_TYPE: {
    code: 6255,
    message: 'The response carries no content type',
    recovery: 'alert',
  },
  CONTENT_TYPE_MISSMATCH: {
    code: 6256,
    message: "The response's content type does not match the request's Accept header",
    recovery: 'alert',
  },
} as const satisfies Record<string, ErrorSpec>;
