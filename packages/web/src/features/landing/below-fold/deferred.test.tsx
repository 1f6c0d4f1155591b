import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingFooter, TechnologiesSection } from './index';
import { renderSection } from './test-render-section';

/** An IntersectionObserver the test drives: `approach()` reports every observed element near. */
const observed: Array<{ callback: IntersectionObserverCallback; elements: Element[] }> = [];
class FakeObserver {
  private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, elements: [] };
    observed.push(this.entry);
  }
  observe(element: Element) {
    this.entry.elements.push(element);
  }
  disconnect() {
    this.entry.elements = [];
  }
}
function approach(id: string) {
  for (const { callback, elements } of [...observed])
    for (const target of elements.filter((element) => element.id === id))
      callback(
        [{ target, isIntersecting: true } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
}

afterEach(() => vi.unstubAllGlobals());

describe('the deferred exports of index.ts', () => {
  it('hold each id until one comes near the viewport, then render every section', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = renderSection(
      <>
        <TechnologiesSection />
        <LandingFooter />
      </>,
    );
    expect(container.querySelector('section#technologies')).not.toBeNull();
    expect(container.querySelector('footer#footer')).not.toBeNull();
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(2);
    act(() => approach('technologies'));
    // Both sections come from the one chunk: the footer renders too, though not near yet. (The
    // chunk is a dynamic import: on a loaded machine it can take longer than findBy's 1 s.)
    const chunk = { timeout: 15_000 };
    expect(await screen.findByRole('navigation', { name: 'Platform' }, chunk)).toBeInTheDocument();
    expect(await screen.findByText('TypeScript', {}, chunk)).toBeInTheDocument();
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(0);
  });
});
