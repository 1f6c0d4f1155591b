import type { ReactNode } from 'react';
import type { ProjectLinks } from '../lib/links';
import { ProjectLinksContext } from '../lib/project-links';

/** Project links as an operator would configure them (SOURCE_CODE_URL, CONTACT_EMAIL). */
export const TEST_LINKS: ProjectLinks = {
  sourceCodeUrl: 'https://github.com/example-owner/balancer',
  contactEmail: 'ops@example.org',
};

/** Wraps a component with the given project links (the server's GET /ready would give them). */
export function withLinks(node: ReactNode, links: ProjectLinks = TEST_LINKS) {
  return <ProjectLinksContext.Provider value={links}>{node}</ProjectLinksContext.Provider>;
}
