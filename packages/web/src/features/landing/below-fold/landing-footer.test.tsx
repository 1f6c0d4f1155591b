import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UNSET_LINKS } from '../../../lib/links';
import { TEST_LINKS } from '../../../testing/project-links';
import { LandingFooter } from './landing-footer';
import { renderSection } from './test-render-section';

const CODE_HOST_URL = TEST_LINKS.sourceCodeUrl;
const group = (name: string) => within(screen.getByRole('navigation', { name }));

describe('LandingFooter', () => {
  it('links the platform routes in this tab and the code host in a new one', () => {
    renderSection(<LandingFooter />);
    const platform = group('Platform');
    const internal = {
      'Launch app': '/app',
      'Sign in': '/auth/sign-in',
      'Update password': '/auth/update-password',
    };
    for (const [name, path] of Object.entries(internal)) {
      const link = platform.getByRole('link', { name });
      expect(link).toHaveAttribute('href', path);
      expect(link).not.toHaveAttribute('target');
    }
    for (const name of ['Get the product', 'GitHub']) {
      const link = platform.getByRole('link', { name });
      expect(link).toHaveAttribute('href', CODE_HOST_URL);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('opens the video, terms and contact dialogs', async () => {
    const { opened } = renderSection(<LandingFooter />);
    const platform = group('Platform');
    await userEvent.click(platform.getByRole('button', { name: 'Videos' }));
    await userEvent.click(platform.getByRole('button', { name: 'Terms' }));
    await userEvent.click(platform.getByRole('button', { name: 'Contact' }));
    expect(opened).toEqual([
      { kind: 'under-construction' },
      { kind: 'info', topic: 'terms', size: 'large' },
      { kind: 'contact' },
    ]);
  });

  it('links the packages of the one repository and its documentation, each in a new tab', () => {
    renderSection(<LandingFooter />);
    const packages = group('Repositories').getAllByRole('link');
    expect(packages.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['cli', `${CODE_HOST_URL}/tree/main/packages/cli`],
      ['api', `${CODE_HOST_URL}/tree/main/packages/server`],
      ['gui', `${CODE_HOST_URL}/tree/main/packages/web`],
      ['core', `${CODE_HOST_URL}/tree/main/packages/core`],
      ['engine', `${CODE_HOST_URL}/tree/main/packages/engine`],
    ]);
    const docs = group('Documentation').getAllByRole('link');
    expect(docs.map((link) => link.getAttribute('href'))).toEqual([
      `${CODE_HOST_URL}#readme`,
      `${CODE_HOST_URL}/blob/main/docs/exchanges.md`,
      `${CODE_HOST_URL}/blob/main/docs/backtesting.md`,
      `${CODE_HOST_URL}/blob/main/docs/backups.md`,
      `${CODE_HOST_URL}/releases`,
    ]);
    for (const link of [...packages, ...docs]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('keeps the groups in the product’s order and says what differs: one repository, no images', () => {
    renderSection(<LandingFooter />);
    expect(screen.getAllByRole('navigation').map((nav) => nav.getAttribute('aria-labelledby'))).toEqual([
      'footer-Platform',
      'footer-Repositories',
      'footer-Docker-Images',
      'footer-Documentation',
    ]);
    expect(screen.getByRole('navigation', { name: 'Repositories' })).toHaveTextContent(
      'One repository holds every part; these are its packages.',
    );
    const images = group('Docker Images');
    expect(images.queryAllByRole('link')).toEqual([]);
    expect(screen.getByRole('navigation', { name: 'Docker Images' })).toHaveTextContent(/None published/);
  });

  it('hides every code host link and says it is not configured when SOURCE_CODE_URL is unset', () => {
    renderSection(<LandingFooter />, UNSET_LINKS);
    const platform = group('Platform');
    expect(platform.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Launch app',
      'Sign in',
      'Update password',
    ]);
    expect(platform.getByRole('button', { name: 'Contact' })).toBeInTheDocument();
    for (const name of ['Repositories', 'Documentation']) {
      expect(group(name).queryAllByRole('link')).toEqual([]);
      expect(screen.getByRole('navigation', { name })).toHaveTextContent(
        'the code host address (SOURCE_CODE_URL) is not configured on this install',
      );
    }
    expect(screen.getByRole('contentinfo').querySelectorAll('a[target="_blank"]')).toHaveLength(0);
  });

  it('names the licence of LICENSE', () => {
    renderSection(<LandingFooter />);
    expect(screen.getByText(/Apache License, Version 2\.0/)).toBeInTheDocument();
  });
});
