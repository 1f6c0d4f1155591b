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

export function LandingPage() {
  const status = usePlatformStatus();
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 p-6">
      <p className="text-sm font-semibold uppercase tracking-widest text-increase">Balancer</p>
      <h1 className="text-4xl font-bold sm:text-5xl">Trade like a professional consistently</h1>
      <p className="text-lg text-neutral-700">
        A self-hosted platform that trades Bitcoin by value averaging: it buys the dip during crashes and
        sells the rally in steps, on your own machine and your own exchange account.
      </p>
      <p data-testid="platform-status" className="text-sm text-neutral-600">
        {status.kind === 'checking' && 'Checking the platform…'}
        {status.kind === 'ready' && `Platform ready (database: ${status.database})`}
        {status.kind === 'down' && `Platform not ready: ${status.reason}`}
      </p>
    </main>
  );
}
