import { act, screen } from '@testing-library/react';
import type { CaptchaState } from './captcha-value';

/**
 * jsdom tests: a stand-in for the `$altcha` registry the real widget script creates (tests mock
 * the 'altcha' module itself), and a way to fire the widget's `statechange` event.
 */
export function installAltchaStub() {
  const store = new Map<string, unknown>();
  globalThis.$altcha = {
    algorithms: new Map(),
    defaults: { set: () => {}, get: () => undefined, store: {} },
    i18n: {
      set: (name: string, value: unknown) => store.set(name, value),
      get: (name: string) => store.get(name),
    },
    instances: new Set(),
    plugins: new Set(),
  } as unknown as typeof globalThis.$altcha;
}

export async function widgetEvent(state: CaptchaState, payload?: string) {
  const widget = await screen.findByTestId('altcha-widget');
  await act(async () => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload: payload ?? null } }));
  });
}
