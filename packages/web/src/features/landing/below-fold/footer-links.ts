import type { LandingDialog } from '../../../components/info-dialogs/dialog-context';
import { codeHostLinks, type ProjectLinks } from '../../../lib/links';

/** A footer entry: an app route, an external page (new tab) or a landing dialog. */
export type FooterLink =
  | { label: string; to: string }
  | { label: string; href: string }
  | { label: string; dialog: LandingDialog };

export interface FooterGroup {
  title: string;
  links: FooterLink[];
  /** Said under the links: where this product differs from the usual group, or what is not configured. */
  note?: string;
}

/** Not linked: the install has no SOURCE_CODE_URL. */
const UNSET_NOTE = 'Not linked: the code host address (SOURCE_CODE_URL) is not configured on this install.';

/**
 * The footer's groups in the product's order: Platform, Repositories, Docker Images, then
 * Documentation. What differs is said in the group: Balancer is one repository (its packages
 * stand where separate repositories would: cli, api = server, gui = web, plus core and engine)
 * and publishes no container images. Every code host link comes from SOURCE_CODE_URL.
 */
export function footerGroups(links: ProjectLinks): FooterGroup[] {
  const repo = links.sourceCodeUrl;
  const tree = (folder: string) => ({
    label: folder.split('/').pop() ?? folder,
    href: `${repo}/tree/main/${folder}`,
  });
  const doc = (label: string, file: string) => ({ label, href: `${repo}/blob/main/${file}` });
  const packages: FooterLink[] = [
    { ...tree('packages/cli'), label: 'cli' },
    { ...tree('packages/server'), label: 'api' },
    { ...tree('packages/web'), label: 'gui' },
    tree('packages/core'),
    tree('packages/engine'),
  ];
  const docs: FooterLink[] = [
    { label: 'Read me', href: `${repo}#readme` },
    doc('Exchanges', 'docs/exchanges.md'),
    doc('Backtesting', 'docs/backtesting.md'),
    doc('Backups', 'docs/backups.md'),
    { label: 'Releases', href: `${repo}/releases` },
  ];
  return [
    {
      title: 'Platform',
      links: [
        { label: 'Launch app', to: '/app' },
        { label: 'Sign in', to: '/auth/sign-in' },
        { label: 'Update password', to: '/auth/update-password' },
        ...codeHostLinks(links),
        { label: 'Videos', dialog: { kind: 'under-construction' } },
        { label: 'Terms', dialog: { kind: 'info', topic: 'terms', size: 'large' } },
        { label: 'Contact', dialog: { kind: 'contact' } },
      ],
    },
    {
      title: 'Repositories',
      links: repo ? packages : [],
      note: repo
        ? 'One repository holds every part; these are its packages.'
        : `One repository holds every part. ${UNSET_NOTE}`,
    },
    {
      title: 'Docker Images',
      links: [],
      note: 'None published: Balancer runs with Node.js (npm ci && npm start) on its embedded database or your PostgreSQL.',
    },
    {
      title: 'Documentation',
      links: repo ? docs : [],
      ...(repo ? {} : { note: `${UNSET_NOTE} The same pages are in the docs/ folder of this install.` }),
    },
  ];
}
