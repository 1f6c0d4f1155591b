import { useEffect, useState } from 'react';
import { type ReadyAnswer, readServerReady } from '../../lib/server-ready';

type Status = { kind: 'checking' } | ReadyAnswer;

/** Asks the server whether the platform is ready, so the page shows the real state of the install. */
function usePlatformStatus(): Status {
  const [status, setStatus] = useState<Status>({ kind: 'checking' });
  useEffect(() => {
    let live = true;
    void readServerReady().then((answer) => {
      if (live) setStatus(answer);
    });
    return () => {
      live = false;
    };
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
