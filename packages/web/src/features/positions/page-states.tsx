import { ErrorPanel } from '../../components/errors/error-panel';
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
