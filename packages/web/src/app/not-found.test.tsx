import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppNotFoundPage, NotFoundPage } from '../components/errors/not-found-page';
import { essentials } from '../essentials/fixtures';
import { renderSignedIn } from '../testing/render-signed-in';
import { SignedInShell } from './layouts/protected-layout';
import { appRoutes } from './router';

/** The route chain the app's router picks for `path`: each level's path, and the page's element. */
function matched(path: string) {
  const matches = matchRoutes(appRoutes, path) ?? [];
  const leaf = matches.at(-1)?.route.element as ReactElement | undefined;
  return { paths: matches.map((match) => match.route.path), page: leaf?.type };
}

describe('not-found pages', () => {
  it('serves an unknown /app path inside the signed-in layout, and any other one full screen', () => {
    for (const path of ['/app/no-such-screen', '/app/lab/no-such-tab', '/app/positions/1/2']) {
      const { paths, page } = matched(path);
      expect(paths).toContain('/app');
      expect(page).toBe(AppNotFoundPage);
    }
    const outside = matched('/no-such-page');
    expect(outside.paths).not.toContain('/app');
    expect(outside.page).toBe(NotFoundPage);
    // Known screens keep their own pages.
    expect(matched('/app/positions').page).toBeUndefined();
  });

  it('keeps the navigation around the message for a signed-in user', async () => {
    renderSignedIn(
      <Routes>
        <Route path="/app" element={<SignedInShell />}>
          <Route path="*" element={<AppNotFoundPage />} />
        </Route>
      </Routes>,
      essentials(),
      () => null,
      undefined,
      '/app/no-such-screen',
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    const top = screen.getByRole('navigation', { name: 'Main' });
    expect(within(top).getByRole('link', { name: 'Positions' })).toHaveAttribute('href', '/app/positions');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/app');
  });
});
