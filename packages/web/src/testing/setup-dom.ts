import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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

// The web project runs its files without per-file isolation (scripts/fresh-file-setup.ts, listed
// before this file, gives each its own modules and real timers): jsdom is shared, so its storage
// is emptied for each file.
localStorage.clear();
sessionStorage.clear();
