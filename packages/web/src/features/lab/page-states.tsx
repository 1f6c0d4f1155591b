import { ERRORS } from '@balancer/core';
import { Link } from 'react-router';
import { ErrorPanel } from '../../components/errors/error-panel';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessageOf } from '../../lib/api';

/** A lab screen's wait: a spinner with what is loading. */
export function LabLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
      <Spinner /> {label}
    </p>
  );
}

/** A failed read: "no such result" for the lab's not-found code, else the shared error panel. */
export function LabLoadError({ error, onReload }: { error: unknown; onReload: () => void }) {
  if (error instanceof ApiError && error.code === ERRORS.LAB_RESULT_NOT_FOUND.code)
    return (
      <section aria-labelledby="lab-missing-title" className="flex flex-col items-start gap-4">
        <h1 id="lab-missing-title" className="text-2xl font-semibold">
          This result does not exist
        </h1>
        <p className="text-sm text-neutral-700">{errorMessageOf(error)}: it may have been deleted.</p>
        <Link to="/app/lab/results" className={buttonClasses('primary', 'md')}>
          Back to results
        </Link>
      </section>
    );
  const code = error instanceof ApiError ? (error.code === -1 ? error.kind : error.code) : -1;
  return <ErrorPanel code={code} message={errorMessageOf(error)} onReload={onReload} />;
}
