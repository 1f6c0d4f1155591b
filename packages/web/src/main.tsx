import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { EntryPage } from './app/entry-page';
import { AppProviders } from './app/providers/app-providers';
import { SkipLink } from './app/providers/skip-link';
import { startPwa } from './lib/pwa/register-sw';
import { followSystemTheme } from './lib/theme';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
followSystemTheme();
createRoot(root).render(
  <StrictMode>
    <SkipLink />
    <AppProviders>
      <EntryPage />
    </AppProviders>
  </StrictMode>,
);
// The service worker registers after the page loaded, so it never competes with the first load.
startPwa();
