import { Spinner } from '../../components/ui/spinner';

/** Shown while the session (or a route's code) is not known yet. */
export function FullScreenLoader() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center gap-3 text-neutral-600">
      <Spinner className="h-6 w-6" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
