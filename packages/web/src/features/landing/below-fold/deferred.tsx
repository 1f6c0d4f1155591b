import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';

type SectionName = keyof typeof import('./sections');

/** The one chunk holding every section below the fold (icons, FAQ text, carousel library). */
const loadSections = () => import('./sections');

/** The chunk loads once any placeholder comes within one viewport height of the screen. */
const LOAD_MARGIN = '100% 0px 100% 0px';

/*
 * Whether the sections are wanted (a placeholder came near, or a scroll-to asked for them): then
 * every deferred section renders from the one chunk at once, so the page below settles in a
 * single step. `shown` resolves once they are on screen.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Asks for sections 6–11 and resolves once they are rendered (for a scroll-to that must land on
 * the final layout); never resolves on a page without them.
 */
export function revealDeferredSections(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return shown;
}

// Each section's Suspense boundary may commit on its own: `shown` waits for every mounted one.
const mountedSections = new Set<string>();
const shownSections = new Set<string>();

/** Notes a real section as committed (it sits inside the section's Suspense). */
function ShownMark({ id }: { id: string }) {
  useEffect(() => {
    shownSections.add(id);
    if ([...mountedSections].every((section) => shownSections.has(section))) markShown();
  }, [id]);
  return null;
}

/**
 * A section rendered from the lazily loaded chunk. Until it is wanted and has arrived an empty
 * element with the same id and a minimum height stands in, so scrolling to the section works.
 */
export function deferred(name: SectionName, id: string, tag: 'section' | 'footer') {
  const Section = lazy(async () => ({ default: (await loadSections())[name] }));
  const Placeholder = tag;
  function Deferred() {
    const isWanted = useSyncExternalStore(
      subscribe,
      () => wanted,
      () => false,
    );
    const [ref, near] = useNearViewport<HTMLElement>(LOAD_MARGIN);
    useEffect(() => {
      mountedSections.add(id);
      return () => {
        mountedSections.delete(id);
      };
    }, []);
    useEffect(() => {
      if (near) void revealDeferredSections();
    }, [near]);
    const placeholder = <Placeholder ref={ref} id={id} aria-busy="true" className="min-h-96" />;
    if (!isWanted) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Section />
        <ShownMark id={id} />
      </Suspense>
    );
  }
  Deferred.displayName = `Deferred${name}`;
  return Deferred;
}
