import { useEffect } from 'react';
import { type PwaStore, pwaStore, usePwaState } from '../../lib/pwa/pwa-store';
import { updateApp } from '../../lib/pwa/update-app';
import { showToast } from '../../lib/toast';
import { UPDATE_TOAST_DELAY_MS, UPDATE_TOAST_DURATION_MS } from './timing';

export const UPDATE_TOAST_ID = 'app-update';

/** Announces a waiting new version 2.5 s after it appears, as a toast that stays 15 s. */
export function UpdateToast({ store = pwaStore }: { store?: PwaStore }) {
  const { waiting } = usePwaState(store);
  useEffect(() => {
    if (!waiting) return;
    // sonner and the toaster load with this first toast (lib/toast.ts).
    const timer = setTimeout(() => {
      void showToast((toast) =>
        toast('A new version of Balancer is available', {
          id: UPDATE_TOAST_ID,
          duration: UPDATE_TOAST_DURATION_MS,
          action: { label: 'Update', onClick: () => void updateApp() },
        }),
      );
    }, UPDATE_TOAST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return null;
}
