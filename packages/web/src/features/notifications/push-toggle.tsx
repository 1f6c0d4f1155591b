import type { PushState } from '@balancer/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { errorMessageOf } from '../../lib/api';

const PUSH_KEY = ['notification', 'push'] as const;
/** How long to wait for the service worker before saying push needs the installed app. */
const WORKER_WAIT_MS = 5_000;

/** Whether this browser can receive Web Push at all (secure context, service worker, PushManager). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error('The app is not installed in this browser yet: reload the page and try again')),
      WORKER_WAIT_MS,
    ),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Push to this device: on (asks the browser's permission, only on this click, then subscribes with
 * the server's VAPID key and stores the subscription for this signed-in session) or off.
 */
export function PushToggle() {
  const { client } = useAuth();
  const queries = useQueryClient();
  const supported = pushSupported();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const state = useQuery({
    queryKey: PUSH_KEY,
    enabled: supported,
    queryFn: () => client.request<PushState>({ path: 'notification/push', auth: true }),
  });
  const run = async (work: () => Promise<PushState | null>) => {
    setBusy(true);
    setProblem(null);
    try {
      const next = await work();
      if (next) queries.setQueryData(PUSH_KEY, next);
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () =>
    run(async () => {
      const publicKey = state.data?.publicKey;
      if (!publicKey) return null;
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setProblem('Notifications are blocked for this site: allow them in the browser settings');
        return null;
      }
      const registration = await workerRegistration();
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      return client.request<PushState>({
        method: 'PUT',
        path: 'notification/push',
        auth: true,
        body: subscription.toJSON(),
      });
    });
  const turnOff = () =>
    run(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      return client.request<PushState>({ method: 'DELETE', path: 'notification/push', auth: true });
    });

  const on = state.data?.subscribed === true;
  const status = !supported
    ? 'Not available in this browser (it needs HTTPS and the installed app)'
    : on
      ? `On for this device: ${state.data?.categories.join(', ')}`
      : 'Off for this device';
  return (
    <section
      aria-label="Push to this device"
      className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-neutral-200 p-3"
    >
      <div>
        <p className="flex items-center gap-2 font-medium text-neutral-900">
          <BellRing aria-hidden="true" className="size-4" /> Push to this device
        </p>
        <p className="text-sm text-neutral-600" data-testid="push-status">
          {status}
        </p>
        {(problem ?? (state.error && errorMessageOf(state.error))) && (
          <p role="alert" className="text-sm text-decrease">
            {problem ?? errorMessageOf(state.error)}
          </p>
        )}
      </div>
      {supported && (
        <Button
          size="sm"
          variant="outline"
          busy={busy}
          disabled={busy || !state.data}
          onClick={() => void (on ? turnOff() : turnOn())}
        >
          {on ? 'Turn off push' : 'Turn on push'}
        </Button>
      )}
    </section>
  );
}
