import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppLink, LinkNavigation } from './app-link';

function renderLink(navigate: ((to: string) => void) | null, onClick = vi.fn()) {
  render(
    <LinkNavigation.Provider value={navigate}>
      <AppLink to="/auth/sign-in" onClick={onClick}>
        Sign in
      </AppLink>
    </LinkNavigation.Provider>,
  );
  return screen.getByRole('link', { name: 'Sign in' });
}

describe('AppLink', () => {
  it('is a link to the page, which a plain click opens through the navigation given', () => {
    const navigate = vi.fn();
    const onClick = vi.fn();
    const link = renderLink(navigate, onClick);
    expect(link.getAttribute('href')).toBe('/auth/sign-in');
    const followed = fireEvent.click(link);
    expect(followed).toBe(false); // the browser does not load the page again
    expect(navigate).toHaveBeenCalledWith('/auth/sign-in');
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('leaves a modified click (new tab, window) to the browser', () => {
    const navigate = vi.fn();
    const link = renderLink(navigate);
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
      expect(fireEvent.click(link, { [modifier]: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is a plain link without a navigation', () => {
    expect(fireEvent.click(renderLink(null))).toBe(true);
  });
});
