import { LogOut, Menu, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { useLandingDialogs } from '../../components/info-dialogs/dialog-context';
import { buttonClasses } from '../../components/ui/button';
import { CountBadge } from '../../components/ui/count-badge';
import { ThemeSwitch } from '../../components/ui/theme-switch';
import {
  allowed,
  REQUIRED_AUTHORITY,
  updateBadgeCount,
  useEssentialsSelector,
  useSocketStatus,
  useUser,
} from '../../essentials';
import { errorMessageOf } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useProjectLinks } from '../../lib/project-links';
import { SIDE_MENU_ID, type SideMenuEntry, sideMenuGroups } from './menu-entries';
import { authorityNeeded } from './nav-items';
import { SOCKET_STATE_TEXT, SocketStatusDialog, SocketStatusIcon } from './socket-status';

const ITEM =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-neutral-800 hover:bg-neutral-100 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary';

/** Sign-out for this device or for all devices. */
const SIGN_OUTS = [
  { allDevices: false, label: 'Sign out' },
  { allDevices: true, label: 'Sign out of all devices' },
] as const;

/** The signed-in side menu: a button in the header opening a sheet from the right. */
export function SideMenu() {
  const links = useProjectLinks();
  const [open, setOpen] = useState(false);
  const [socketOpen, setSocketOpen] = useState(false);
  /** Which sign-out runs: false for this device, true for all devices. */
  const [signingOut, setSigningOut] = useState<boolean | null>(null);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const user = useUser();
  const updateAvailable = useEssentialsSelector((essentials) => essentials?.version.updateAvailable);
  const status = useSocketStatus();
  const dialogs = useLandingDialogs();
  const { signOut } = useAuth();
  const authority = user?.authority;
  const updates = updateBadgeCount(updateAvailable);

  function select(entry: SideMenuEntry) {
    setOpen(false);
    if (entry.kind === 'dialog') dialogs.open(entry.dialog);
    else if (entry.kind === 'socket') setSocketOpen(true);
    else if (entry.kind === 'new-instance') window.open(window.location.href, '_blank', 'noopener');
  }

  function end(allDevices: boolean) {
    setSigningOut(allDevices);
    setSignOutError(null);
    // On success the token is dropped and the layout goes to sign-in.
    signOut(allDevices).catch((error: unknown) => {
      setSigningOut(null);
      setSignOutError(errorMessageOf(error));
    });
  }

  return (
    <>
      <button
        type="button"
        className={cn(buttonClasses('ghost', 'icon'), 'relative')}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? SIDE_MENU_ID : undefined}
        onClick={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="h-5 w-5" />
        <CountBadge
          count={updates}
          label="Platform update available"
          className="absolute -top-0.5 -right-0.5"
        />
      </button>
      <RadixDialog.Root open={open} onOpenChange={setOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <RadixDialog.Content
            id={SIDE_MENU_ID}
            aria-describedby={undefined}
            className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl"
          >
            <div className="mb-2 flex items-center justify-between">
              <RadixDialog.Title className="px-3 text-base font-semibold">
                {user ? user.nickname : 'Menu'}
              </RadixDialog.Title>
              <RadixDialog.Close className={buttonClasses('ghost', 'icon')} aria-label="Close menu">
                <X aria-hidden="true" className="h-5 w-5" />
              </RadixDialog.Close>
            </div>
            <nav aria-label="Side menu" className="space-y-4">
              {sideMenuGroups(links).map((group) => (
                <div key={group.label}>
                  <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                    {group.label}
                  </p>
                  <ul>
                    {group.entries.map((entry) => (
                      <li key={entry.label}>
                        <Entry
                          entry={entry}
                          authority={authority}
                          updates={updates}
                          socketState={status.state}
                          onSelect={() => select(entry)}
                        />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
              <ThemeSwitch />
              <div>
                <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                  Session
                </p>
                {SIGN_OUTS.map(({ allDevices, label }) => (
                  <button
                    key={label}
                    type="button"
                    className={ITEM}
                    disabled={signingOut !== null}
                    onClick={() => end(allDevices)}
                  >
                    <LogOut aria-hidden="true" className="h-4 w-4" />
                    {signingOut === allDevices ? 'Signing out…' : label}
                  </button>
                ))}
                {signOutError && (
                  <p role="alert" className="px-3 pt-1 text-sm text-decrease">
                    {signOutError}
                  </p>
                )}
              </div>
            </nav>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      <SocketStatusDialog status={status} open={socketOpen} onClose={() => setSocketOpen(false)} />
    </>
  );
}

function Entry({
  entry,
  authority,
  updates,
  socketState,
  onSelect,
}: {
  entry: SideMenuEntry;
  authority: number | undefined;
  updates: number;
  socketState: keyof typeof SOCKET_STATE_TEXT;
  onSelect: () => void;
}) {
  switch (entry.kind) {
    case 'route': {
      if (!allowed(authority, entry.screen)) {
        return (
          <span
            aria-disabled="true"
            className={cn(ITEM, 'cursor-not-allowed justify-between text-neutral-500 hover:bg-transparent')}
          >
            {entry.label}
            <span className="text-xs">{authorityNeeded(REQUIRED_AUTHORITY[entry.screen])}</span>
          </span>
        );
      }
      return (
        <Link to={entry.to} className={cn(ITEM, 'justify-between')} onClick={onSelect}>
          {entry.label}
          {entry.badge && (
            <CountBadge count={updates} label={`${updates} parts behind their latest version`} />
          )}
        </Link>
      );
    }
    case 'external':
      return (
        <a href={entry.href} target="_blank" rel="noopener noreferrer" className={ITEM} onClick={onSelect}>
          {entry.label}
        </a>
      );
    case 'socket':
      return (
        <button type="button" className={ITEM} onClick={onSelect}>
          <SocketStatusIcon state={socketState} />
          {entry.label}: {SOCKET_STATE_TEXT[socketState]}
        </button>
      );
    default:
      return (
        <button type="button" className={ITEM} onClick={onSelect}>
          {entry.label}
        </button>
      );
  }
}
