import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorPanel } from '../../components/errors/error-panel';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessageOf } from '../../lib/api';

/** A failed page load: the shared error panel with the error's code (−1 when it has none). */
export function LoadError({ error, onReload }: { error: unknown; onReload?: () => void }) {
  const code = error instanceof ApiError ? (error.code === -1 ? error.kind : error.code) : -1;
  return <ErrorPanel code={code} message={errorMessageOf(error)} {...(onReload ? { onReload } : {})} />;
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
      <Spinner /> {label}
    </p>
  );
}

/** A position id that matches no position (a typo, an old link): said once, never retried. */
export function PositionNotFound({ id }: { id: number }) {
  return (
    <section aria-labelledby="position-missing-title" className="flex flex-col items-start gap-4">
      <h1 id="position-missing-title" className="text-2xl font-semibold">
        This position does not exist
      </h1>
      <p className="text-sm text-neutral-700">
        There is no position #{id}: the link may hold a typo, or point at another installation.
      </p>
      <Link to="/app/positions" className={buttonClasses('primary', 'md')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to positions
      </Link>
    </section>
  );
}
