import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToasterRequest, toasterRequested } from '../../lib/toast';

const AppToaster = lazy(() => import('./toaster'));

/**
 * The toaster, mounted on the first toast (lib/toast.ts showToast): no toast is due with the
 * first load (they come from user actions or the update check), so sonner stays out of it.
 */
export function DeferredToaster() {
  const requested = useSyncExternalStore(subscribeToasterRequest, toasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
