import { useSyncExternalStore } from 'react';

/**
 * Light or dark (docs/web.md, Themes): the system's setting unless the operator chose one in the
 * side menu; the choice is kept per device (localStorage). `public/theme.js` applies it before the
 * first paint; this module keeps it applied (a choice, a change of the system's setting) and tells
 * the charts, which take their colours as options.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_STORAGE_KEY = 'balancer-theme';
const CHANGE = 'balancer-theme-change';
const SYSTEM_DARK = '(prefers-color-scheme: dark)';

export function themeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(SYSTEM_DARK).matches;
}

/** Whether the page shows the dark theme now. */
export function isDark(): boolean {
  const choice = themeChoice();
  return choice === 'dark' || (choice === 'system' && systemDark());
}

function apply(): void {
  document.documentElement.classList.toggle('dark', isDark());
  window.dispatchEvent(new Event(CHANGE));
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  apply();
}

/** Calls `listener` whenever the theme may have changed; returns the unsubscribe. */
export function onThemeChange(listener: () => void): () => void {
  const media = typeof matchMedia === 'function' ? matchMedia(SYSTEM_DARK) : null;
  window.addEventListener(CHANGE, listener);
  media?.addEventListener('change', listener);
  return () => {
    window.removeEventListener(CHANGE, listener);
    media?.removeEventListener('change', listener);
  };
}

/** Keeps the html element's class on the system's setting while the choice is 'system'. */
export function followSystemTheme(): void {
  apply();
  if (typeof matchMedia === 'function') matchMedia(SYSTEM_DARK).addEventListener('change', apply);
}

/** The choice and whether the page is dark, re-rendered on every change. */
export function useTheme(): { choice: ThemeChoice; dark: boolean } {
  const key = useSyncExternalStore(onThemeChange, () => `${themeChoice()} ${isDark()}`);
  const [choice, dark] = key.split(' ');
  return { choice: choice as ThemeChoice, dark: dark === 'true' };
}
