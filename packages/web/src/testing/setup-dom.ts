import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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
