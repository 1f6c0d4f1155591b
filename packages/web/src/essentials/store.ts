import type { AppEssentials } from './types';

type Listener = () => void;

/**
 * The essentials held outside React, so each component subscribes to the slice it shows
 * (useEssentialsSelector): a stream tick re-renders the price and the dashboard, not the whole
 * signed-in shell.
 */
export interface EssentialsStore {
  get: () => AppEssentials | undefined;
  /** Applies `next` to the current value; listeners hear of it only when the value changed. */
  update: (next: (previous: AppEssentials | undefined) => AppEssentials | undefined) => void;
  subscribe: (listener: Listener) => () => void;
}

export function createEssentialsStore(initial?: AppEssentials): EssentialsStore {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => value,
    update(next) {
      const updated = next(value);
      if (updated === value) return;
      value = updated;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
