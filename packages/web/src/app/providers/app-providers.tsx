import type { ReactNode } from 'react';
import { InstallPrompt } from '../../features/pwa/install-prompt';
import { OfflineBanner } from '../../features/pwa/offline-banner';
import { UpdateToast } from '../../features/pwa/update-toast';
import { DeferredToaster } from './deferred-toaster';

/** Spec §9: tooltips open after 700 ms, and at once within 300 ms of the last one closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Everything around the router every page needs: toasts (loaded on the first one), the offline
 * banner, PWA prompts. The data cache and tooltips wrap only the app area (app-area-providers).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <OfflineBanner />
      {children}
      <InstallPrompt />
      <UpdateToast />
      <DeferredToaster />
    </>
  );
}
