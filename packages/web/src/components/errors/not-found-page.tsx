import { ArrowLeft, Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';
import { OopsScreen } from './oops-screen';

/** A path nobody serves, outside the signed-in app: the full-screen page with a way home. */
export function NotFoundPage() {
  return (
    <OopsScreen>
      <p className="text-lg text-neutral-700">We can't seem to find the page you're looking for</p>
      <Link to="/" className={buttonClasses('primary', 'lg')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Go back
      </Link>
    </OopsScreen>
  );
}

/**
 * A path under /app that no screen serves: shown inside the signed-in shell, so the navigation
 * (header, main and bottom bars, side menu) stays, with a way back to the dashboard.
 */
export function AppNotFoundPage() {
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      aria-labelledby="app-not-found"
    >
      <h1 id="app-not-found" className="text-xl font-semibold">
        Page not found
      </h1>
      <p className="text-neutral-700">We can't seem to find the page you're looking for</p>
      <Link to="/app" className={buttonClasses('primary')}>
        <Home aria-hidden="true" className="size-4" />
        Go to the dashboard
      </Link>
    </section>
  );
}
