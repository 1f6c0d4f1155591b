import type { ProjectLinks } from '@balancer/core';

/*
 * The project's public addresses come from this install's configuration (the server's
 * SOURCE_CODE_URL and CONTACT_EMAIL, sent with GET /ready): nothing here names a repository or an
 * address of its own. Each helper answers null when the address is not configured, and callers
 * then hide the link or say "not configured".
 */
export type { ProjectLinks };

/** What the app knows before the server answered, and what an install without the settings has. */
export const UNSET_LINKS: ProjectLinks = { sourceCodeUrl: null, contactEmail: null };

/** A page under the repository (`/issues`, `/releases`, `/tree/main/packages/cli`), or null. */
export function sourcePage(links: ProjectLinks, subPath = ''): string | null {
  return links.sourceCodeUrl === null ? null : `${links.sourceCodeUrl}${subPath}`;
}

export const issuesUrl = (links: ProjectLinks) => sourcePage(links, '/issues');
export const commitUrl = (links: ProjectLinks, sha: string) => sourcePage(links, `/commit/${sha}`);

const HOST_NAMES: Record<string, string> = {
  'github.com': 'GitHub',
  'gitlab.com': 'GitLab',
  'codeberg.org': 'Codeberg',
  'bitbucket.org': 'Bitbucket',
};

/** The code host's name for a link label: "GitHub" on github.com, else the host itself. */
export function codeHostName(links: ProjectLinks): string | null {
  if (links.sourceCodeUrl === null) return null;
  const host = new URL(links.sourceCodeUrl).hostname.replace(/^www\./, '');
  return HOST_NAMES[host] ?? host;
}

/**
 * 'Get the product' (the source code) and the code host's own page, both the configured
 * repository; none when SOURCE_CODE_URL is not configured.
 */
export function codeHostLinks(links: ProjectLinks): { label: string; href: string }[] {
  const host = codeHostName(links);
  if (links.sourceCodeUrl === null || host === null) return [];
  return [
    { label: 'Get the product', href: links.sourceCodeUrl },
    { label: host, href: links.sourceCodeUrl },
  ];
}
