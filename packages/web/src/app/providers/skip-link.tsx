import type { MouseEvent } from 'react';

/** The element pages mark as their main content; a page without it falls back to its <main>. */
export const MAIN_CONTENT_ID = 'main';

function focusMain(event: MouseEvent<HTMLAnchorElement>): void {
  const target = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
  if (!target) return;
  event.preventDefault();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView();
}

/** The first stop of the keyboard: hidden until focused, it jumps past the navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={focusMain}
      className="sr-only z-[60] rounded-md bg-primary font-medium text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2 focus:outline-2 focus:outline-offset-2 focus:outline-primary"
    >
      Skip to content
    </a>
  );
}
