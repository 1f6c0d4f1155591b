import type { LandingDialog } from '../../../components/info-dialogs/dialog-context';
import { CODE_HOST_URL, SOURCE_CODE_URL } from '../../../lib/links';

/** A footer entry: an app route, an external page (new tab) or a landing dialog. */
export type FooterLink =
  | { label: string; to: string }
  | { label: string; href: string }
  | { label: string; dialog: LandingDialog };

export interface FooterGroup {
  title: string;
  links: FooterLink[];
}

const tree = (folder: string) => `${CODE_HOST_URL}/tree/main/${folder}`;
const doc = (file: string) => `${CODE_HOST_URL}/blob/main/${file}`;

/**
 * The footer's groups. Balancer is one repository without container images, so 'Repositories'
 * links the packages inside it (cli, api = server, gui = web, plus core and engine) and
 * 'Documentation' stands where a 'Docker Images' group would be.
 */
export const FOOTER_GROUPS: FooterGroup[] = [
  {
    title: 'Platform',
    links: [
      { label: 'Launch app', to: '/app' },
      { label: 'Sign in', to: '/auth/sign-in' },
      { label: 'Update password', to: '/auth/update-password' },
      { label: 'Get the product', href: SOURCE_CODE_URL },
      { label: 'GitHub', href: CODE_HOST_URL },
      { label: 'Videos', dialog: { kind: 'under-construction' } },
      { label: 'Terms', dialog: { kind: 'info', topic: 'terms', size: 'large' } },
      { label: 'Contact', dialog: { kind: 'contact' } },
    ],
  },
  {
    title: 'Repositories',
    links: [
      { label: 'cli', href: tree('packages/cli') },
      { label: 'api', href: tree('packages/server') },
      { label: 'gui', href: tree('packages/web') },
      { label: 'core', href: tree('packages/core') },
      { label: 'engine', href: tree('packages/engine') },
    ],
  },
  {
    title: 'Documentation',
    links: [
      { label: 'Read me', href: `${CODE_HOST_URL}#readme` },
      { label: 'Exchanges', href: doc('docs/exchanges.md') },
      { label: 'Backtesting', href: doc('docs/backtesting.md') },
      { label: 'Backups', href: doc('docs/backups.md') },
      { label: 'Releases', href: `${CODE_HOST_URL}/releases` },
    ],
  },
];
