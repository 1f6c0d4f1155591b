import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingDialogsProvider } from '../../components/info-dialogs/landing-dialogs-provider';
import { type ProjectLinks, UNSET_LINKS } from '../../lib/links';
import { TEST_LINKS, withLinks } from '../../testing/project-links';
import { LandingHeader } from './landing-header';
import { LandingMenu } from './landing-menu';

function renderMenu(links: ProjectLinks = TEST_LINKS) {
  return render(
    withLinks(
      <MemoryRouter>
        <LandingDialogsProvider>
          <LandingMenu />
          <section id="features">Features</section>
        </LandingDialogsProvider>
      </MemoryRouter>,
      links,
    ),
  );
}

/** Opens the menu; its sheet is a lazy chunk, so it appears asynchronously. */
async function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('dialog', { name: 'Menu' });
}

const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => vi.useRealTimers());

describe('the landing side menu', () => {
  it('lists the spec’s items in order', async () => {
    renderMenu();
    const menu = await openMenu();
    const entries = within(menu).getByRole('navigation').querySelectorAll('a, button');
    expect([...entries].map((entry) => entry.textContent)).toEqual([
      'Position sample',
      'Characteristics',
      'Features',
      'Indicators',
      'Position Planner',
      'Monitoring',
      'Exchanges',
      'Technologies',
      'FAQ',
      'Launch app',
      'Sign in',
      'Update password',
      'Get the product',
      'GitHub',
      'Videos',
      'Terms',
      'Contact',
      'What is the product?',
      'Platform walk-through',
    ]);
  });

  it('closes on Escape and gives the focus back to the menu button', async () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Open menu' });
    button.focus();
    const menu = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('routes internal items and opens external ones in a new tab', async () => {
    renderMenu();
    const menu = await openMenu();
    expect(within(menu).getByRole('link', { name: 'Launch app' })).toHaveAttribute('href', '/app');
    expect(within(menu).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
    expect(within(menu).getByRole('link', { name: 'Update password' })).toHaveAttribute(
      'href',
      '/auth/update-password',
    );
    for (const name of ['Get the product', 'GitHub']) {
      const link = within(menu).getByRole('link', { name });
      expect(link).toHaveAttribute('href', TEST_LINKS.sourceCodeUrl);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('leaves out the code host entries when no SOURCE_CODE_URL is configured', async () => {
    renderMenu(UNSET_LINKS);
    const menu = await openMenu();
    expect(within(menu).queryByRole('link', { name: 'Get the product' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'GitHub' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Contact' })).toBeInTheDocument();
  });

  it('names the configured code host, and the header shows its button only when configured', () => {
    const header = (links: ProjectLinks) =>
      render(
        withLinks(
          <MemoryRouter>
            <LandingDialogsProvider>
              <LandingHeader />
            </LandingDialogsProvider>
          </MemoryRouter>,
          links,
        ),
      );
    const gitea = { ...TEST_LINKS, sourceCodeUrl: 'https://git.example.org/me/balancer' };
    const { unmount } = header(gitea);
    expect(screen.getByRole('link', { name: /git\.example\.org$/ })).toHaveAttribute(
      'href',
      gitea.sourceCodeUrl,
    );
    unmount();
    header(UNSET_LINKS);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Balancer']);
  });

  it('closes, then scrolls smoothly to the section 500 ms later', async () => {
    renderMenu();
    const menu = await openMenu();
    vi.useFakeTimers();
    fireEvent.click(within(menu).getByRole('button', { name: 'Features' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(499));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('features'));
  });

  it.each([
    ['Videos', 'Under construction'],
    ['What is the product?', 'Under construction'],
    ['Platform walk-through', 'Under construction'],
    ['Contact', 'Contact'],
    ['Terms', 'Terms'],
  ])('closes and opens a dialog for %s', async (item, title) => {
    renderMenu();
    fireEvent.click(within(await openMenu()).getByRole('button', { name: item }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
  });
});
