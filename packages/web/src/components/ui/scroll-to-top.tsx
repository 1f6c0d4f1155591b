import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

/** The scroll-to-top button shows once the page is scrolled past 200 px. */
export const SCROLL_TO_TOP_AFTER_PX = 200;

/** A round button at the bottom right (above the signed-in bottom bar) that scrolls back up. */
export function ScrollToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const read = () => setShown(window.scrollY > SCROLL_TO_TOP_AFTER_PX);
    read();
    window.addEventListener('scroll', read, { passive: true });
    return () => window.removeEventListener('scroll', read);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-20 z-30 flex size-10 items-center justify-center rounded-full bg-primary text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary md:bottom-6"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
