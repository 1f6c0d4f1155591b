import { keepPwaError, PwaError } from './pwa-errors';
import { type BeforeInstallPromptEvent, type PwaStore, pwaStore } from './pwa-store';

/** The service worker: /sw.js with scope / (vite.config.ts builds it). */
export const SW_URL = '/sw.js';
export const SW_SCOPE = '/';

/** Marks an installed worker as waiting once it is a new version (a controller already exists). */
function watchForUpdates(registration: ServiceWorkerRegistration, store: PwaStore): void {
  const controlled = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && controlled()) store.set({ waiting: registration.waiting });
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && controlled()) store.set({ waiting: worker });
    });
  });
}

export async function registerServiceWorker(store: PwaStore = pwaStore): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) throw new PwaError('SW_NO_BROWSER_SUPPORT');
    const registration = await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
    if (!registration) throw new PwaError('EMPTY_SW_REGISTRATION');
    store.set({ registration, registrationError: null });
    watchForUpdates(registration, store);
  } catch (error) {
    store.set({ registrationError: keepPwaError(error, null) });
  }
}

/** Keeps the browser's install offer instead of its own mini bar; our prompt shows it later. */
export function listenForInstallOffer(store: PwaStore = pwaStore): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    store.set({ installEvent: event as BeforeInstallPromptEvent, installError: null });
  });
  window.addEventListener('appinstalled', () => store.set({ installEvent: null }));
}

/** Starts the installable app: the install offer at once, the worker after the page loaded. */
export function startPwa(store: PwaStore = pwaStore): void {
  listenForInstallOffer(store);
  const register = () => void registerServiceWorker(store);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
