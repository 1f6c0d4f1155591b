import { RefreshCw } from 'lucide-react';
import { useRouteError } from 'react-router';
import { updateApp } from '../../lib/pwa/update-app';
import { Button } from '../ui/button';
import { routeErrorText } from './error-text';
import { OopsScreen } from './oops-screen';

/** A top-level route's errorElement: 'Refresh app' takes a waiting new version, then reloads. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <OopsScreen>
      <p className="text-lg text-neutral-700" data-testid="route-error-text">
        {routeErrorText(error)}
      </p>
      <Button size="lg" onClick={() => void updateApp()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Refresh app
      </Button>
      <p className="max-w-md text-sm text-neutral-600">
        If the problem persists, close the app, clean the site data (cache) via your browser and try again.
      </p>
    </OopsScreen>
  );
}
