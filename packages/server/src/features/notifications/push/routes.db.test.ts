import { createECDH, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachReadyApp } from '../../../testing/ready-app.js';
import { call } from '../../accounts/test-support.js';
import { createTestUser, signInUser } from '../../accounts/test-users.js';

const codeOf = (error: string | null) => Number(/\{\((-?\d+)\)\}$/.exec(error ?? '')?.[1] ?? -1);

function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.org/send/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

describeEachReadyApp('push routes', (ready) => {
  it('stores one subscription per signed-in device, refuses bad ones and forgets it at sign-out', async () => {
    const { app } = ready();
    const user = await createTestUser(ready(), 1);
    const phone = await signInUser(ready(), user);
    const laptop = await signInUser(ready(), user);
    const push = (token: string | undefined, method: 'GET' | 'PUT' | 'DELETE', body?: unknown) =>
      call(app, {
        method,
        url: '/notification/push',
        ...(token ? { token } : {}),
        ...(body ? { body } : {}),
      });

    // Who may call: signed-in users only.
    expect(codeOf((await push(undefined, 'GET')).error)).toBe(4252);
    expect(codeOf((await push(undefined, 'PUT', browserSubscription())).error)).toBe(4252);

    // Bad input: not https, a short key, a wrong auth length, extra keys; nothing stored.
    const good = browserSubscription();
    for (const [bad, code] of [
      [{ ...good, endpoint: 'http://push.example.org/x' }, 6503],
      [{ ...good, keys: { ...good.keys, p256dh: 'AAAA' } }, 6503],
      [{ ...good, keys: { ...good.keys, auth: randomBytes(8).toString('base64url') } }, 6503],
      [{ ...good, keys: { ...good.keys, extra: 'x' } }, 6503],
      // Not JSON at all.
      ['not an object', 6502],
    ] as const) {
      const answer = await push(phone.token, 'PUT', bad);
      expect([answer.success, codeOf(answer.error)], JSON.stringify(bad)).toEqual([false, code]);
    }
    expect((await push(phone.token, 'GET')).data).toMatchObject({ subscribed: false });

    expect((await push(phone.token, 'PUT', good)).data).toMatchObject({ subscribed: true });
    // Per device: the laptop's session has none; storing again replaces, never adds.
    expect((await push(laptop.token, 'GET')).data).toMatchObject({ subscribed: false });
    await push(phone.token, 'PUT', browserSubscription());
    const rows = () => ready().db.selectFrom('push_subscription').selectAll().execute();
    expect(await rows()).toHaveLength(1);

    // The session ends: its subscription goes with it.
    const out = await call(app, {
      method: 'POST',
      url: '/auth/jwt/sign-out',
      token: phone.token,
      refreshCookie: phone.cookie,
      body: { allDevices: false },
    });
    expect(out.success).toBe(true);
    expect(await rows()).toHaveLength(0);

    await push(laptop.token, 'PUT', browserSubscription());
    expect((await push(laptop.token, 'DELETE')).data).toMatchObject({ subscribed: false });
    expect(await rows()).toHaveLength(0);
  });
});
