import { describe, expect, it, vi } from 'vitest';
import { essentials } from './fixtures';
import { createEssentialsStore } from './store';

const FULL_ESSENTIALS = essentials();

describe('createEssentialsStore', () => {
  it('tells its listeners of a changed value, not of an unchanged one', () => {
    const store = createEssentialsStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update(() => FULL_ESSENTIALS);
    expect(store.get()).toBe(FULL_ESSENTIALS);
    expect(listener).toHaveBeenCalledTimes(1);
    store.update((previous) => previous);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.update(() => undefined);
    expect(store.get()).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('passes the current value to the update', () => {
    const store = createEssentialsStore(FULL_ESSENTIALS);
    store.update((previous) => previous && { ...previous, unreadNotifications: 9 });
    expect(store.get()?.unreadNotifications).toBe(9);
    expect(store.get()?.user).toBe(FULL_ESSENTIALS.user);
  });
});
