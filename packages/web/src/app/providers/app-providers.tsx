import type { ReactNode } from 'react';
import { ScrollToTop } from '../../components/ui/scroll-to-top';
import { InstallPrompt } from '../../features/pwa/install-prompt';
import { OfflineBanner } from '../../features/pwa/offline-banner';
import { UpdateToast } from '../../features/pwa/update-toast';
import { ProjectLinksProvider } from '../../lib/project-links';
import { DeferredToaster } from './deferred-toaster';

/**
 * Everything around the router every page needs: toasts (loaded on the first one), the offline
 * banner, the scroll-to-top button, PWA prompts, the configured project links. The data cache wraps only the app area (app-area-providers).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ProjectLinksProvider>
      <OfflineBanner />
      {children}
      <ScrollToTop />
      <InstallPrompt />
      <UpdateToast />
      <DeferredToaster />
    </ProjectLinksProvider>
  );
}
