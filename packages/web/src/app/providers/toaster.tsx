import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '../../lib/toast';

/** Toasts last 5000 ms and at most one shows at a time. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;

/** The app's one toaster (its own chunk, mounted on the first toast: see deferred-toaster.tsx). */
export default function AppToaster() {
  // Runs after the Toaster's own effects (children first): its subscription is live by now.
  useEffect(() => toasterMounted(), []);
  return <Toaster visibleToasts={TOAST_LIMIT} duration={TOAST_DURATION_MS} position="bottom-center" />;
}
