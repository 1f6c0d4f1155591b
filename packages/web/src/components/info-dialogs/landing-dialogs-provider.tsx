import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { LandingDialogContext, type LandingDialogs } from './dialog-context';
import type { LandingDialogRequest } from './landing-dialog-host';

// The dialogs (and Radix's dialog code) load on the first open, not with the landing page.
const LandingDialogHost = lazy(() => import('./landing-dialog-host'));

/** Holds the one landing dialog on screen: opening another replaces it (see LandingDialogHost). */
export function LandingDialogsProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<LandingDialogRequest | null>(null);
  const api = useMemo<LandingDialogs>(() => ({ open: (dialog) => setRequest({ dialog }) }), []);
  return (
    <LandingDialogContext.Provider value={api}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <LandingDialogHost request={request} />
        </Suspense>
      )}
    </LandingDialogContext.Provider>
  );
}
