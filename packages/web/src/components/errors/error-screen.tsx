import { RefreshCw } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { updateApp } from '../../lib/pwa/update-app';
import { Button } from '../ui/button';
import { OopsScreen } from './oops-screen';
import { thrownText } from './thrown-text';

/** What a page that failed shows: the error, and 'Refresh app' (takes a waiting new version, then reloads). */
export function ErrorScreen({ text }: { text: string }) {
  return (
    <OopsScreen>
      <p className="text-lg text-neutral-700" data-testid="route-error-text">
        {text}
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

/** The error screen for a page shown outside the router (the landing page's first load). */
export class ErrorScreenBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error() };
  }

  override render() {
    if (this.state.error !== null) return <ErrorScreen text={thrownText(this.state.error)} />;
    return this.props.children;
  }
}
