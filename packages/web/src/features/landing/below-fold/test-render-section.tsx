import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { type LandingDialog, LandingDialogContext } from '../../../components/info-dialogs/dialog-context';
import type { ProjectLinks } from '../../../lib/links';
import { TEST_LINKS, withLinks } from '../../../testing/project-links';

/**
 * Renders a landing section inside a router, the given project links (configured by default) and
 * a dialog context that records what it opens.
 */
export function renderSection(section: ReactElement, links: ProjectLinks = TEST_LINKS) {
  const opened: LandingDialog[] = [];
  const open = vi.fn((dialog: LandingDialog) => opened.push(dialog));
  const result = render(
    withLinks(
      <MemoryRouter>
        <LandingDialogContext.Provider value={{ open }}>{section}</LandingDialogContext.Provider>
      </MemoryRouter>,
      links,
    ),
  );
  return { ...result, opened };
}
