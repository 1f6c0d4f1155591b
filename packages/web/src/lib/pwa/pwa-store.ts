import { useSyncExternalStore } from 'react';
/** Chromium's install event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface PwaState {
  registration: ServiceWorkerRegistration | null;
  /** Registration failures are kept here (and logged), never shown. */
  registrationError: Error | null;
  /** A new version, installed and waiting for the page to let it take over. */
  waiting: ServiceWorker | null;
  /** The browser's install offer; it can be used once. */
  installEvent: BeforeInstallPromptEvent | null;
  installError: Error | null;
}

export const INITIAL_PWA_STATE: PwaState = {
  registration: null,
  registrationError: null,
  waiting: null,
  installEvent: null,
  installError: null,
};

export interface PwaStore {
  get(): PwaState;
  set(patch: Partial<PwaState>): void;
  subscribe(listener: () => void): () => void;
}

export function createPwaStore(initial: PwaState = INITIAL_PWA_STATE): PwaStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one store: the service worker and install offer live once per page. */
export const pwaStore = createPwaStore();

export function usePwaState(store: PwaStore = pwaStore): PwaState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
