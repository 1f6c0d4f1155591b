import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

const HINT =
  'If the problem persists, close the app, clean the site data (cache) via your browser and try again.';

function renderThrowing(thrown: () => never) {
  function Broken(): never {
    thrown();
  }
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe('the error page', () => {
  it("shows 'Oops!', a thrown error's message, 'Refresh app' and the hint", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the render error
    renderThrowing(() => {
      throw new Error('The chart could not be drawn');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByTestId('route-error-text')).toHaveTextContent('The chart could not be drawn');
    expect(screen.getByRole('button', { name: 'Refresh app' })).toBeInTheDocument();
    expect(screen.getByText(HINT)).toBeInTheDocument();
  });

  it.each([
    [400, 'Bad Request'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [405, 'Method Not Allowed'],
  ])('names a %i route response %s', async (status, name) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loader = () => {
      throw data(null, { status });
    };
    const router = createMemoryRouter([
      { path: '/', loader, element: <p />, errorElement: <RouteErrorPage /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('route-error-text')).toHaveTextContent(`${status} ${name}`);
  });

  it("shows the router's own 404 for a path no route matches", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // the router warns about the miss
    const router = createMemoryRouter([{ path: '/', element: <p />, errorElement: <RouteErrorPage /> }], {
      initialEntries: ['/missing'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId('route-error-text')).toHaveTextContent('404 Not Found');
  });

  it("falls back to 'Unexpected Application Error' for something that is not an error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderThrowing(() => {
      throw { odd: true };
    });
    expect(await screen.findByTestId('route-error-text')).toHaveTextContent('Unexpected Application Error');
  });
});

describe('the not-found page', () => {
  it("says 'Oops!' and links 'Go back' to the landing page", () => {
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], {
      initialEntries: ['/no/such/page'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText("We can't seem to find the page you're looking for")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });
});
