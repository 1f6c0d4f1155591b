import type { SignInBody, UpdatePasswordBody } from '@balancer/core';
import type { ApiClient } from '../lib/api';

/** Signs in and holds the access token the server answers (the refresh token is a cookie). */
export async function signIn(client: ApiClient, body: SignInBody): Promise<void> {
  const token = await client.request<string>({ method: 'POST', path: 'auth/jwt/sign-in', body });
  client.tokens.set(token);
}

/** Ends this device's session, or all of the user's; the token goes whatever the answer. */
export async function signOut(client: ApiClient, allDevices: boolean): Promise<void> {
  try {
    await client.request<null>({
      method: 'POST',
      path: 'auth/jwt/sign-out',
      body: { allDevices },
      auth: true,
    });
  } finally {
    client.tokens.forget();
  }
}

/** The public password update (the code proves the user holds the OTP secret). */
export async function updatePassword(client: ApiClient, body: UpdatePasswordBody): Promise<void> {
  await client.request<null>({ method: 'PATCH', path: 'auth/user/password', body });
}
