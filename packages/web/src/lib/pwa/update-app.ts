import { keepPwaError, PwaError } from './pwa-errors';
import { type PwaStore, pwaStore } from './pwa-store';

/** How long to wait for a new worker to take control before reloading anyway (ms). */
const TAKEOVER_TIMEOUT_MS = 3000;

/**
 * Updates the app: a waiting new version is asked to take over (SKIP_WAITING, which the
 * generated sw.js listens for) and the page reloads once it controls the page; without one the
 * page just reloads.
 */
export async function updateApp(reload: () => void = () => window.location.reload()): Promise<void> {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  const registration = await container?.getRegistration().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!container || !waiting) {
    reload();
    return;
  }
  let reloaded = false;
  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };
  container.addEventListener('controllerchange', reloadOnce, { once: true });
  setTimeout(reloadOnce, TAKEOVER_TIMEOUT_MS);
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** Shows the browser's install dialog; failures are kept as the install error. */
export async function installApp(store: PwaStore = pwaStore): Promise<void> {
  const event = store.get().installEvent;
  try {
    if (!event) throw new PwaError('NO_APP_INSTALLER');
    await event.prompt();
    await event.userChoice;
    store.set({ installEvent: null });
  } catch (error) {
    store.set({ installError: keepPwaError(error, 'UNKNOWN_INSTALLATION_PROMPT_ERROR') });
  }
}
