import { afterEach, describe, expect, it, vi } from 'vitest';
import { PWA_ERROR_MESSAGES, type PwaError } from './pwa-errors';
import { createPwaStore } from './pwa-store';
import { registerServiceWorker, SW_SCOPE, SW_URL } from './register-sw';

function stubServiceWorker(register: (url: string, options: RegistrationOptions) => unknown) {
  const container = { register: vi.fn(register), controller: null };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.restoreAllMocks();
});

describe('registering the service worker', () => {
  it('keeps SW_NO_BROWSER_SUPPORT when the browser has no service workers (jsdom has none)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createPwaStore();
    await registerServiceWorker(store);
    expect((store.get().registrationError as PwaError).code).toBe('SW_NO_BROWSER_SUPPORT');
    expect(warn.mock.calls[0]?.[0]).toContain(PWA_ERROR_MESSAGES.SW_NO_BROWSER_SUPPORT);
  });

  it('registers /sw.js with scope / and keeps the registration', async () => {
    const registration = { waiting: null, addEventListener: vi.fn() };
    const container = stubServiceWorker(async () => registration);
    const store = createPwaStore();
    await registerServiceWorker(store);
    expect(container.register).toHaveBeenCalledWith(SW_URL, { scope: SW_SCOPE });
    expect([SW_URL, SW_SCOPE]).toEqual(['/sw.js', '/']);
    expect(store.get().registration).toBe(registration);
    expect(store.get().registrationError).toBeNull();
  });

  it('keeps EMPTY_SW_REGISTRATION for an empty registration and the error of a failed one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubServiceWorker(async () => undefined);
    const store = createPwaStore();
    await registerServiceWorker(store);
    expect((store.get().registrationError as PwaError).code).toBe('EMPTY_SW_REGISTRATION');

    const failure = new TypeError('Failed to register a ServiceWorker');
    stubServiceWorker(() => Promise.reject(failure));
    await registerServiceWorker(store);
    expect(store.get().registrationError).toBe(failure);
  });
});
