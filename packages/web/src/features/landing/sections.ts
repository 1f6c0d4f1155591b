import { revealDeferredSections } from './below-fold/deferred';

/** The landing page's section ids in page order. */
export const LANDING_SECTION_IDS = [
  'hero',
  'position_sample',
  'characteristics',
  'features',
  'indicators',
  'planner',
  'monitoring',
  'exchanges',
  'technologies',
  'faq',
  'footer',
] as const;
export type LandingSectionId = (typeof LANDING_SECTION_IDS)[number];

/** The side menu closes, then the page scrolls after this delay. */
export const MENU_SCROLL_DELAY_MS = 500;

/** Set once sections 6–11 are on screen: no more re-aiming needed. */
let deferredSectionsShown = false;

/**
 * Smoothly brings a section to the top (its scroll margin leaves room for the sticky header).
 * Sections 6–11 load when scrolled near, growing the page: the scroll starts at once, asks for
 * them, and aims again once they are rendered, so it ends on the section's final place.
 */
export function scrollToSection(id: LandingSectionId): void {
  const scroll = () => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  scroll();
  if (!deferredSectionsShown) {
    void revealDeferredSections().then(() => {
      deferredSectionsShown = true;
      requestAnimationFrame(scroll);
    });
  }
}
