import { isRouteErrorResponse } from 'react-router';
import { DEFAULT_ERROR_TEXT, thrownText } from './thrown-text';

/** The router's status names; they win over the response's own status text. */
const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
};

/** The text the error page shows for whatever a route threw. */
export function routeErrorText(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const name = STATUS_NAMES[error.status] ?? (error.statusText || DEFAULT_ERROR_TEXT);
    return `${error.status} ${name}`;
  }
  return thrownText(error);
}
