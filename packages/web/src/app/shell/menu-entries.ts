import type { LandingDialog } from '../../components/info-dialogs/dialog-context';
import type { Screen } from '../../essentials';
import { codeHostLinks, type ProjectLinks } from '../../lib/links';

/** One entry of the signed-in side menu: what it does decides how it renders. */
export type SideMenuEntry =
  | { kind: 'route'; label: string; to: string; screen: Screen; badge?: 'update' }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'dialog'; label: string; dialog: LandingDialog }
  | { kind: 'new-instance'; label: string }
  | { kind: 'socket'; label: string };

const UNDER_CONSTRUCTION: LandingDialog = { kind: 'under-construction' };

/** The signed-in side menu; the code host entries only when SOURCE_CODE_URL is configured. */
export const sideMenuGroups = (
  links: ProjectLinks,
): readonly { label: string; entries: readonly SideMenuEntry[] }[] => [
  {
    label: 'Platform',
    entries: [
      { kind: 'route', label: 'IP address blacklist', to: '/app/ip-blacklist', screen: 'ipBlacklist' },
      { kind: 'route', label: 'Users', to: '/app/users', screen: 'users' },
      {
        kind: 'route',
        label: 'Platform update',
        to: '/app/platform-update',
        screen: 'platformUpdate',
        badge: 'update',
      },
      { kind: 'socket', label: 'Realtime connection' },
      { kind: 'new-instance', label: 'Create new instance' },
    ],
  },
  {
    label: 'Project',
    entries: [
      { kind: 'external', label: 'About the project', href: '/' },
      ...codeHostLinks(links).map((link) => ({ kind: 'external' as const, ...link })),
      { kind: 'dialog', label: 'Videos', dialog: UNDER_CONSTRUCTION },
      { kind: 'dialog', label: 'What is the product?', dialog: UNDER_CONSTRUCTION },
      { kind: 'dialog', label: 'Platform walk-through', dialog: UNDER_CONSTRUCTION },
      { kind: 'dialog', label: 'Terms', dialog: { kind: 'info', topic: 'terms', size: 'large' } },
    ],
  },
];

/** The element id of the open sheet, for the menu button's aria-controls. */
export const SIDE_MENU_ID = 'side-menu';
