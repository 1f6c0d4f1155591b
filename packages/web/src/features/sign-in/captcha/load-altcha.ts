import { unwrapEnvelopeFetch } from './envelope-fetch';

/**
 * The widget's texts. Only the waiting text differs from ALTCHA's English defaults,
 * which we set anyway so an upgrade of the widget cannot change the wording silently.
 */
export const CAPTCHA_TEXTS = {
  label: "I'm not a robot",
  verifying: 'Verifying... please wait.',
  waitAlert: 'Verifying... please wait.',
  verified: 'Verified',
  error: 'Verification failed. Try again later.',
  expired: 'Verification expired. Try again.',
} as const;

let loading: Promise<void> | undefined;

/**
 * Loads the ALTCHA web component on demand (about 35 kB gzip, kept out of the landing page's
 * first load) and sets, before any widget exists, the defaults every widget here uses.
 */
export function loadAltcha(): Promise<void> {
  loading ??= import('altcha').then(() => {
    const registry = globalThis.$altcha;
    registry.defaults.set({ fetch: unwrapEnvelopeFetch, hideFooter: true });
    registry.i18n.set('en', { ...registry.i18n.get('en'), ...CAPTCHA_TEXTS });
  });
  return loading;
}
