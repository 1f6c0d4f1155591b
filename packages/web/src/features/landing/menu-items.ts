import type { LandingDialog } from '../../components/info-dialogs/dialog-context';
import { codeHostLinks, type ProjectLinks } from '../../lib/links';
import type { LandingSectionId } from './sections';

/** One entry of the landing side menu: what it does decides how it renders. */
export type MenuItem =
  | { kind: 'scroll'; label: string; target: LandingSectionId }
  | { kind: 'route'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'dialog'; label: string; dialog: LandingDialog };

export interface MenuGroup {
  label: string;
  items: readonly MenuItem[];
}

const UNDER_CONSTRUCTION: LandingDialog = { kind: 'under-construction' };

/**
 * The landing side menu, in order. The code host entries ('Get the product' and the host's page)
 * are left out when SOURCE_CODE_URL is not configured.
 */
export const menuGroups = (links: ProjectLinks): readonly MenuGroup[] => [
  {
    label: 'On this page',
    items: [
      { kind: 'scroll', label: 'Position sample', target: 'position_sample' },
      { kind: 'scroll', label: 'Characteristics', target: 'characteristics' },
      { kind: 'scroll', label: 'Features', target: 'features' },
      { kind: 'scroll', label: 'Indicators', target: 'indicators' },
      { kind: 'scroll', label: 'Position Planner', target: 'planner' },
      { kind: 'scroll', label: 'Monitoring', target: 'monitoring' },
      { kind: 'scroll', label: 'Exchanges', target: 'exchanges' },
      { kind: 'scroll', label: 'Technologies', target: 'technologies' },
      { kind: 'scroll', label: 'FAQ', target: 'faq' },
    ],
  },
  {
    label: 'Platform',
    items: [
      { kind: 'route', label: 'Launch app', to: '/app' },
      { kind: 'route', label: 'Sign in', to: '/auth/sign-in' },
      { kind: 'route', label: 'Update password', to: '/auth/update-password' },
    ],
  },
  {
    label: 'Project',
    items: [
      ...codeHostLinks(links).map((link) => ({ kind: 'external' as const, ...link })),
      { kind: 'dialog', label: 'Videos', dialog: UNDER_CONSTRUCTION },
      { kind: 'dialog', label: 'Terms', dialog: { kind: 'info', topic: 'terms', size: 'large' } },
      { kind: 'dialog', label: 'Contact', dialog: { kind: 'contact' } },
    ],
  },
  {
    label: 'Learn',
    items: [
      { kind: 'dialog', label: 'What is the product?', dialog: UNDER_CONSTRUCTION },
      { kind: 'dialog', label: 'Platform walk-through', dialog: UNDER_CONSTRUCTION },
    ],
  },
];

/** The menu sheet's element id, for the menu button's aria-controls. */
export const LANDING_MENU_ID = 'landing-menu';
