import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLandingDialogs } from '../../components/info-dialogs/dialog-context';
import { buttonClasses } from '../../components/ui/button';
import { LANDING_MENU_ID, type MenuItem } from './menu-items';
import { MENU_SCROLL_DELAY_MS, scrollToSection } from './sections';

// The sheet (and Radix's dialog code) stays out of the first load: it is fetched when the button
// is first pointed at, focused or pressed, and renders once it arrives.
const loadSheet = () => import('./landing-menu-sheet');
const LandingMenuSheet = lazy(loadSheet);

/** The landing side menu: a button that opens the sheet from the right. */
export function LandingMenu() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so the sheet can animate closed and reopen at once.
  const [used, setUsed] = useState(false);
  const dialogs = useLandingDialogs();
  const button = useRef<HTMLButtonElement>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A dialog opened from the menu takes the focus; the button must not take it back.
  const dialogPending = useRef(false);
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  function select(item: MenuItem) {
    setOpen(false);
    if (item.kind === 'scroll') {
      clearTimeout(scrollTimer.current);
      scrollTimer.current = setTimeout(() => scrollToSection(item.target), MENU_SCROLL_DELAY_MS);
    } else if (item.kind === 'dialog') {
      dialogPending.current = true;
      dialogs.open(item.dialog);
    }
  }

  function closeAutoFocus(event: Event) {
    event.preventDefault();
    if (!dialogPending.current) button.current?.focus();
    dialogPending.current = false;
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={buttonClasses('ghost', 'icon')}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? LANDING_MENU_ID : undefined}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <LandingMenuSheet
            open={open}
            onOpenChange={setOpen}
            onSelect={select}
            onCloseAutoFocus={closeAutoFocus}
          />
        </Suspense>
      )}
    </>
  );
}
