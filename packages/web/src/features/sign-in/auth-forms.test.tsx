import { NEW_PASSWORD_MESSAGE } from '@balancer/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../auth/auth-context';
import { ApiClient, TokenStore } from '../../lib/api';
import {
  envelope,
  failure,
  fakeFetch,
  fakeSleep,
  jsonResponse,
  type RecordedCall,
} from '../../testing/fake-fetch';
import { payloadNumber, testChallenge } from './captcha/test-challenge';
import { returnPathOf } from './return-to';
import { SignInPage } from './sign-in-page';
import { UpdatePasswordPage } from './update-password-page';

const ANSWER = 1234;
const GOOD_PASSWORD = 'Passw0rd!';

/**
 * The app's auth routes over a fake server: no session at start, a captcha challenge with the
 * answer 1234 (the real search solves it), `answer` for the form's call.
 */
function renderAt(
  path: string | { pathname: string; state: unknown },
  answer: (call: RecordedCall) => Response,
) {
  const { fetch, calls } = fakeFetch((call) => {
    if (call.url.endsWith('/auth/jwt/refresh-jwt')) return jsonResponse(failure('No session{(4750)}'));
    if (call.url.endsWith('/altcha')) return jsonResponse(envelope(testChallenge(ANSWER)));
    return answer(call);
  });
  const client = new ApiClient({
    baseUrl: 'http://127.0.0.1:5075',
    tokens: new TokenStore(),
    fetch,
    ...fakeSleep(),
  });
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider client={client}>
            <Outlet />
          </AuthProvider>
        ),
        children: [
          { path: '/auth/sign-in', element: <SignInPage /> },
          { path: '/auth/update-password', element: <UpdatePasswordPage /> },
          { path: '/app', element: <p>app home</p> },
          { path: '/app/*', element: <p>deep page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const formCalls = () =>
    calls.filter((call) => !call.url.endsWith('/auth/jwt/refresh-jwt') && !call.url.endsWith('/altcha'));
  const captchaCalls = () => calls.filter((call) => call.url.endsWith('/altcha')).length;
  return { calls: formCalls, captchaCalls, router };
}

async function enterCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await screen.findByRole('dialog', { name: 'Confirm Action' });
  await user.click(screen.getByLabelText('Digit 1 of 6'));
  await user.keyboard(code);
}

/** Fills the fields (root, then the good password), solves the captcha, submits, types the code. */
async function submitForm(labels: string[], button: string, code: string) {
  const user = userEvent.setup();
  for (const [index, label] of labels.entries()) {
    await user.type(await screen.findByLabelText(label), index === 0 ? 'root' : GOOD_PASSWORD);
  }
  await user.click(screen.getByText("I'm not a robot"));
  await screen.findByText('Verified');
  await user.click(screen.getByRole('button', { name: button }));
  await enterCode(user, code);
  return user;
}

describe('sign-in form', () => {
  it('fills in a nickname handed over in the navigation state only when it is one', async () => {
    renderAt({ pathname: '/auth/sign-in', state: { nickname: 'alice' } }, () => jsonResponse(envelope(null)));
    expect(await screen.findByLabelText('Nickname')).toHaveValue('alice');
  });

  it('leaves the nickname empty without one, or with something that is not a nickname', async () => {
    renderAt({ pathname: '/auth/sign-in', state: { nickname: '<script>' } }, () =>
      jsonResponse(envelope(null)),
    );
    expect(await screen.findByLabelText('Nickname')).toHaveValue('');
    expect(screen.getByLabelText('Password')).not.toHaveFocus();
  });

  it('shows the spec’s messages for an empty submit, and opens no dialog', async () => {
    const { calls } = renderAt('/auth/sign-in', () => jsonResponse(envelope(null)));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid nickname')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid password')).toBeInTheDocument();
    expect(screen.getByText("Prove you're not a robot")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls()).toEqual([]);
  });

  it('asks for the code, sends everything, and goes to /app', async () => {
    const { calls, router } = renderAt('/auth/sign-in', () => jsonResponse(envelope('a.b.c')));
    await submitForm(['Nickname', 'Password'], 'Sign in', '123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(calls().map((call) => [call.method, call.url, call.body])).toEqual([
      [
        'POST',
        'http://127.0.0.1:5075/auth/jwt/sign-in',
        { nickname: 'root', password: GOOD_PASSWORD, otpToken: '123456', altchaPayload: expect.any(String) },
      ],
    ]);
    // The payload carries the real answer of the challenge (sha256(salt + 1234) = challenge).
    const sent = calls()[0]?.body as { altchaPayload: string };
    expect(payloadNumber(sent.altchaPayload)).toBe(ANSWER);
  });

  it('returns to the page that asked for the sign-in, never to another origin', async () => {
    const deep = '/app/position/7?tab=trades#top';
    const back = renderAt({ pathname: '/auth/sign-in', state: { from: deep } }, () =>
      jsonResponse(envelope('a.b.c')),
    );
    await submitForm(['Nickname', 'Password'], 'Sign in', '123456');
    await waitFor(() => {
      const { pathname, search, hash } = back.router.state.location;
      expect(`${pathname}${search}${hash}`).toBe(deep);
    });
    expect(returnPathOf({ from: '//evil.example/app' })).toBe('/app');
    expect(returnPathOf({ from: 'https://evil.example/app' })).toBe('/app');
    expect(returnPathOf({ from: '/application' })).toBe('/app');
    expect(returnPathOf({ from: '/app\\@evil' })).toBe('/app');
    expect(returnPathOf(null)).toBe('/app');
  });

  it('shows a failure in the Authentication Error dialog; the retry sends a fresh payload solved meanwhile', async () => {
    const { calls, captchaCalls } = renderAt('/auth/sign-in', () =>
      jsonResponse(failure('The nickname, password, one-time code or captcha is wrong{(4005)}')),
    );
    const user = await submitForm(['Nickname', 'Password'], 'Sign in', '123456');
    const dialog = await screen.findByRole('dialog', { name: 'Authentication Error' });
    expect(dialog).toHaveTextContent('The nickname, password, one-time code or captcha is wrong');
    expect(dialog).not.toHaveTextContent('4005');
    // The spent payload's successor was fetched and solved in the background, without a tick.
    await screen.findByText('Verified');
    expect(captchaCalls()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    // The error dialog fades out for 0.25 s before the form is reachable again.
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText("Prove you're not a robot")).toBeNull();
    await enterCode(user, '234567');
    await waitFor(() => expect(calls()).toHaveLength(2));
    const [first, second] = calls().map((call) => (call.body as { altchaPayload: string }).altchaPayload);
    expect(second).not.toBe(first);
  });
});

describe('update-password form', () => {
  it('shows the password rules under the password field before any submit', async () => {
    renderAt('/auth/update-password', () => jsonResponse(envelope(null)));
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription(NEW_PASSWORD_MESSAGE);
    expect(screen.getAllByText(NEW_PASSWORD_MESSAGE)).toHaveLength(1);
  });

  it('shows the password rule and the mismatch message', async () => {
    renderAt('/auth/update-password', () => jsonResponse(envelope(null)));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nickname'), 'x');
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.type(screen.getByLabelText('Confirm password'), 'passwork');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(screen.getByText('Enter a valid nickname')).toBeInTheDocument();
    expect(screen.getByText(NEW_PASSWORD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('The passwords don\u2019t match')).toBeInTheDocument();
    expect(screen.getByText("Prove you're not a robot")).toBeInTheDocument();
  });

  it('sends the new password with the code and returns to sign-in with a note', async () => {
    const { calls, router } = renderAt('/auth/update-password', () => jsonResponse(envelope(null)));
    await submitForm(['Nickname', 'Password', 'Confirm password'], 'Update password', '654321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was updated');
    // The same account signs in next: its nickname is filled in, the password field focused.
    expect(screen.getByLabelText('Nickname')).toHaveValue('root');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(calls().map((call) => [call.method, call.url, call.body])).toEqual([
      [
        'PATCH',
        'http://127.0.0.1:5075/auth/user/password',
        {
          nickname: 'root',
          newPassword: GOOD_PASSWORD,
          otpToken: '654321',
          altchaPayload: expect.any(String),
        },
      ],
    ]);
  });

  it('shows a failure in the Password Update Error dialog', async () => {
    renderAt('/auth/update-password', () => jsonResponse(failure('Password update failed{(4006)}')));
    await submitForm(['Nickname', 'Password', 'Confirm password'], 'Update password', '654321');
    expect(await screen.findByRole('dialog', { name: 'Password Update Error' })).toHaveTextContent(
      'Password update failed',
    );
  });
});
