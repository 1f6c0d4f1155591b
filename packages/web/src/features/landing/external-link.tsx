import type { AnchorHTMLAttributes } from 'react';

/** A link to another site, opened in a new tab without giving it access to this page. */
export function ExternalLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a target="_blank" rel="noopener noreferrer" {...props} />;
}
