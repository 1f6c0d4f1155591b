import type { ReactNode } from 'react';
import { ScrollToTop } from '../../components/ui/scroll-to-top';
import { InstallPrompt } from '../../features/pwa/install-prompt';
import { OfflineBanner } from '../../features/pwa/offline-banner';
import { UpdateToast } from '../../features/pwa/update-toast';
import { DeferredToaster } from './deferred-toaster';

/**
 * Everything around the router every page needs: toasts (loaded on the first one), the offline
 * banner, the scroll-to-top button, PWA prompts. The data cache wraps only the app area (app-area-providers).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <OfflineBanner />
      {children}
      <ScrollToTop />
      <InstallPrompt />
      <UpdateToast />
      <DeferredToaster />
    </>
  );
}
