import { ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** The scroll-to-top button shows once the page is scrolled past 200 px. */
export const SCROLL_TO_TOP_AFTER_PX = 200;
/**
 * …and goes again this long after the scrolling stopped (unless pointed at or focused): a button
 * floating over the page must not sit on what the operator stops to read (a balance, a status at
 * the right edge of a row).
 */
export const SCROLL_TO_TOP_IDLE_MS = 2_500;

/** A round button at the bottom right (above the signed-in bottom bar) that scrolls back up. */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const held = useRef(false);
  const hideLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!held.current) setShown(false);
    }, SCROLL_TO_TOP_IDLE_MS);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: hideLater only touches refs and state setters
  useEffect(() => {
    const read = () => {
      const past = window.scrollY > SCROLL_TO_TOP_AFTER_PX;
      setShown(past);
      if (past) hideLater();
    };
    read();
    window.addEventListener('scroll', read, { passive: true });
    return () => {
      window.removeEventListener('scroll', read);
      clearTimeout(timer.current);
    };
  }, []);
  if (!shown) return null;
  const hold = () => {
    held.current = true;
  };
  const release = () => {
    held.current = false;
    hideLater();
  };
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      onPointerEnter={hold}
      onPointerLeave={release}
      onFocus={hold}
      onBlur={release}
      className="fixed right-4 bottom-20 z-30 flex size-10 items-center justify-center rounded-full bg-primary text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
