import type { toast as sonnerToast } from 'sonner';

/*
 * A small front for toasts: sonner (and the toaster that shows its toasts) loads on the first
 * toast, not with the page. DeferredToaster mounts the toaster when asked; the toaster reports
 * back once it listens, and only then is the toast published (sonner drops toasts nobody hears).
 */
let requested = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function subscribeToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toasterRequested = (): boolean => requested;

/** Called by the toaster once mounted (its toasts subscription is live). */
export function toasterMounted(): void {
  markReady();
}

/** Loads sonner and the toaster if needed, then runs `show` with sonner's `toast`. */
export async function showToast(show: (toast: typeof sonnerToast) => void): Promise<void> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  const [{ toast }] = await Promise.all([import('sonner'), ready]);
  show(toast);
}
