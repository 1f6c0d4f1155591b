import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';
import { routeErrorText } from './error-text';

/** A top-level route's errorElement: the error screen with what the route threw. */
export function RouteErrorPage() {
  return <ErrorScreen text={routeErrorText(useRouteError())} />;
}
