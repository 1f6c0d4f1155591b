import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks what carousels and responsive hooks ask the browser for: answer like a wide
// screen that never intersects or resizes (the real behaviour is tested in Chromium).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class Inert {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= Inert as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= Inert as unknown as typeof ResizeObserver;

afterEach(() => cleanup());

// findBy… and waitFor give up after 1 s by default: a loaded machine renders slower than that.
configure({ asyncUtilTimeout: 10_000 });

// The web project runs its files one after another in one environment (isolate: false: jsdom and
// the libraries load once, not per file). Each file still starts clean: its own modules (so a
// vi.mock of the file applies and module state such as recorded toasts starts empty), real timers,
// empty storage.
vi.resetModules();
vi.useRealTimers();
localStorage.clear();
sessionStorage.clear();
