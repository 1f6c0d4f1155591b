import { afterEach, describe, expect, it, vi } from 'vitest';
import { PWA_ERROR_MESSAGES, PwaError } from './pwa-errors';
import { type BeforeInstallPromptEvent, createPwaStore } from './pwa-store';
import { installApp } from './update-app';

afterEach(() => vi.restoreAllMocks());

describe('installing the app', () => {
  it('keeps NO_APP_INSTALLER when the browser gave no offer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createPwaStore();
    await installApp(store);
    const error = store.get().installError as PwaError;
    expect(error).toBeInstanceOf(PwaError);
    expect(error.code).toBe('NO_APP_INSTALLER');
    expect(error.message).toBe(PWA_ERROR_MESSAGES.NO_APP_INSTALLER);
  });

  it('keeps UNKNOWN_INSTALLATION_PROMPT_ERROR when the prompt fails, with the cause', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const cause = new Error('prompt() already called');
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt: () => Promise.reject(cause),
      userChoice: new Promise(() => {}),
    }) as BeforeInstallPromptEvent;
    const store = createPwaStore();
    store.set({ installEvent: event });
    await installApp(store);
    const error = store.get().installError as PwaError;
    expect(error.code).toBe('UNKNOWN_INSTALLATION_PROMPT_ERROR');
    expect(error.cause).toBe(cause);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
