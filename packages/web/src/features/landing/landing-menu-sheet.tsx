import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { buttonClasses } from '../../components/ui/button';
import { AppLink } from '../../lib/app-link';
import { useProjectLinks } from '../../lib/project-links';
import { LANDING_MENU_ID, type MenuItem, menuGroups } from './menu-items';

const ITEM =
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm text-neutral-800 hover:bg-neutral-100 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary';

export interface LandingMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (item: MenuItem) => void;
  /** Where the focus goes once the sheet has closed (Radix's default would be its own trigger). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * The side menu's sheet from the right (Radix dialog: focus trap, Escape, labelled). Its own
 * chunk, loaded when the menu button is first pointed at or used (landing-menu.tsx).
 */
export default function LandingMenuSheet({
  open,
  onOpenChange,
  onSelect,
  onCloseAutoFocus,
}: LandingMenuSheetProps) {
  const links = useProjectLinks();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content
          id={LANDING_MENU_ID}
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="mb-2 flex items-center justify-between">
            <RadixDialog.Title className="px-3 text-base font-semibold">Menu</RadixDialog.Title>
            <RadixDialog.Close className={buttonClasses('ghost', 'icon')} aria-label="Close menu">
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <nav aria-label="Landing menu" className="space-y-4">
            {menuGroups(links).map((group) => (
              <div key={group.label}>
                <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                  {group.label}
                </p>
                <ul>
                  {group.items.map((item) => (
                    <li key={item.label}>
                      <MenuEntry item={item} onSelect={() => onSelect(item)} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function MenuEntry({ item, onSelect }: { item: MenuItem; onSelect: () => void }) {
  switch (item.kind) {
    case 'route':
      return (
        <AppLink to={item.to} className={ITEM} onClick={onSelect}>
          {item.label}
        </AppLink>
      );
    case 'external':
      return (
        <a href={item.href} target="_blank" rel="noopener noreferrer" className={ITEM} onClick={onSelect}>
          {item.label}
        </a>
      );
    default:
      return (
        <button type="button" className={ITEM} onClick={onSelect}>
          {item.label}
        </button>
      );
  }
}
