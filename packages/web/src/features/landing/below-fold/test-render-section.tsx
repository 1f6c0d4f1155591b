import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { type LandingDialog, LandingDialogContext } from '../../../components/info-dialogs/dialog-context';

/** Renders a landing section inside a router and a dialog context that records what it opens. */
export function renderSection(section: ReactElement) {
  const opened: LandingDialog[] = [];
  const open = vi.fn((dialog: LandingDialog) => opened.push(dialog));
  const result = render(
    <MemoryRouter>
      <LandingDialogContext.Provider value={{ open }}>{section}</LandingDialogContext.Provider>
    </MemoryRouter>,
  );
  return { ...result, opened };
}
