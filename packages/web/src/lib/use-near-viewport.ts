import { useCallback, useEffect, useState } from 'react';

/**
 * Whether an element has come near the viewport (within `rootMargin`, CSS margin syntax), for
 * loading heavy content only when the visitor scrolls towards it. Once near, it stays true (the
 * content is loaded by then). Without IntersectionObserver (old browsers, jsdom) it is true at once.
 * Returns the ref to put on the element and the flag.
 */
export function useNearViewport<T extends Element>(
  rootMargin: string,
): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, rootMargin]);
  return [useCallback((next: T | null) => setElement(next), []), near];
}
