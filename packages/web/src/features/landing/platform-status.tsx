import { useEffect, useState } from 'react';

type Status = { kind: 'checking' } | { kind: 'ready'; database: string } | { kind: 'down'; reason: string };

/** Asks the server whether the platform is ready, so the page shows the real state of the install. */
function usePlatformStatus(): Status {
  const [status, setStatus] = useState<Status>({ kind: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/ready', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as {
          success: boolean;
          data?: { database: string };
          error?: string;
        };
        if (body.success && body.data) setStatus({ kind: 'ready', database: body.data.database });
        else setStatus({ kind: 'down', reason: body.error ?? 'starting up' });
      })
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setStatus({ kind: 'down', reason: error.message });
      });
    return () => controller.abort();
  }, []);
  return status;
}

/** One line on the state of this install (the server's /ready answer). */
export function PlatformStatus() {
  const status = usePlatformStatus();
  return (
    <p data-testid="platform-status" role="status" className="text-sm text-neutral-600">
      {status.kind === 'checking' && 'Checking the platform…'}
      {status.kind === 'ready' && `Platform ready (database: ${status.database})`}
      {status.kind === 'down' && `Platform not ready: ${status.reason}`}
    </p>
  );
}
