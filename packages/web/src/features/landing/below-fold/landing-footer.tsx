import { useLandingDialogs } from '../../../components/info-dialogs/dialog-context';
import { AppLink } from '../../../lib/app-link';
import { useProjectLinks } from '../../../lib/project-links';
import { ExternalLink } from '../external-link';
import { type FooterLink, footerGroups } from './footer-links';

/** The LICENSE file's copyright line and licence. */
const COPYRIGHT = '© 2026 The Balancer authors. Licensed under the Apache License, Version 2.0.';
const LINK =
  'text-sm text-neutral-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

function FooterEntry({ link }: { link: FooterLink }) {
  const dialogs = useLandingDialogs();
  if ('to' in link)
    return (
      <AppLink to={link.to} className={LINK}>
        {link.label}
      </AppLink>
    );
  if ('href' in link)
    return (
      <ExternalLink href={link.href} className={LINK}>
        {link.label}
      </ExternalLink>
    );
  return (
    <button type="button" className={`${LINK} cursor-pointer`} onClick={() => dialogs.open(link.dialog)}>
      {link.label}
    </button>
  );
}

export function LandingFooter() {
  const links = useProjectLinks();
  return (
    <footer id="footer" className="scroll-mt-20 bg-primary text-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {footerGroups(links).map((group) => {
          // aria-labelledby takes a space-separated list of ids: no space in one.
          const headingId = `footer-${group.title.replace(/\s+/g, '-')}`;
          return (
            <nav key={group.title} aria-labelledby={headingId}>
              <h2 id={headingId} className="mb-3 text-sm font-semibold uppercase tracking-wider">
                {group.title}
              </h2>
              {group.links.length > 0 && (
                <ul className="space-y-2">
                  {group.links.map((link) => (
                    <li key={link.label}>
                      <FooterEntry link={link} />
                    </li>
                  ))}
                </ul>
              )}
              {group.note && <p className="mt-2 text-sm text-neutral-300">{group.note}</p>}
            </nav>
          );
        })}
      </div>
      <p className="border-t border-neutral-800 px-4 py-6 text-center text-sm text-neutral-400">
        {COPYRIGHT}
      </p>
    </footer>
  );
}
