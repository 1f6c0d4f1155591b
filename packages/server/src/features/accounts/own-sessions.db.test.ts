import type { SessionRecord } from '@balancer/core';
import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { call } from './test-support.js';
import { createTestUser, signedInRoot, signInUser, type TestUser } from './test-users.js';

// GET /auth/jwt/:userId (spec §7: the signed-in user's session records) and
// DELETE /auth/jwt/sessions/:sessionId (end one of them): who may call them, and bad input.

describeEachReadyApp('own sessions', (ready) => {
  let carol: TestUser;
  beforeAll(async () => {
    carol = await createTestUser(ready(), 1, 'carol');
  });

  const list = (token: string | undefined, userId: string) =>
    call(ready().app, { method: 'GET', url: `/auth/jwt/${userId}`, ...(token ? { token } : {}) });
  const end = (token: string | undefined, sessionId: string) =>
    call(ready().app, {
      method: 'DELETE',
      url: `/auth/jwt/sessions/${sessionId}`,
      ...(token ? { token } : {}),
    });

  it("lists the caller's sessions, by 'me' or their id, this device marked, without token material", async () => {
    const phone = await signInUser(ready(), carol);
    const laptop = await signInUser(ready(), carol);
    const mine = await list(laptop.token, 'me');
    expect(mine.success).toBe(true);
    const sessions = mine.data as SessionRecord[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(Object.keys(sessions[0] ?? {}).sort()).toEqual(
      ['created_at', 'current', 'expires_at', 'id', 'ip', 'last_used_at', 'user_agent'].sort(),
    );
    // The same list by id, from the phone: now the phone's session is the current one.
    const byId = (await list(phone.token, carol.id)).data as SessionRecord[];
    expect(byId.map((session) => session.id).sort()).toEqual(sessions.map((session) => session.id).sort());
    const phoneCurrent = byId.find((session) => session.current)?.id;
    expect(phoneCurrent).not.toBe(sessions.find((session) => session.current)?.id);
  });

  it("refuses another user's sessions to a non-root caller (4755) and anonymous callers (4252); root reads anyone's", async () => {
    const root = await signedInRoot(ready());
    const { token } = await signInUser(ready(), carol);
    expect((await list(token, root.id)).code).toBe(4755);
    expect((await list(undefined, 'me')).code).toBe(4252);
    const asRoot = await list(root.token, carol.id);
    expect(asRoot.success).toBe(true);
    // Root's own session is not among carol's: none of hers is "this device" for root.
    expect((asRoot.data as SessionRecord[]).some((session) => session.current)).toBe(false);
    expect((await list(root.token, '00000000-0000-4000-8000-000000000000')).code).toBe(4751);
  });

  it('answers 6503 for a parameter that is neither me nor a UUID, and keeps refresh-jwt its own route', async () => {
    const { token } = await signInUser(ready(), carol);
    for (const bad of ['you', 'ME', '1', `${'a'.repeat(40)}`])
      expect((await list(token, bad)).code).toBe(6503);
    expect((await end(token, 'not-a-uuid')).code).toBe(6503);
    // The static route still wins over the parameter: no cookie → 4750, not a session list.
    expect((await list(token, 'refresh-jwt')).code).toBe(4750);
  });

  it("ends one of the caller's sessions: its token is refused at once, the others keep working", async () => {
    const phone = await signInUser(ready(), carol);
    const laptop = await signInUser(ready(), carol);
    const phoneId = ((await list(phone.token, 'me')).data as SessionRecord[]).find(
      (session) => session.current,
    )?.id;
    if (!phoneId) throw new Error('no current session');
    expect((await end(laptop.token, phoneId)).success).toBe(true);
    expect((await list(phone.token, 'me')).code).toBe(4252);
    const left = (await list(laptop.token, 'me')).data as SessionRecord[];
    expect(left.map((session) => session.id)).not.toContain(phoneId);
    // Ending it again: gone.
    expect((await end(laptop.token, phoneId)).code).toBe(4754);
  });

  it("refuses to end another user's session unless root (4754, the same as an unknown id)", async () => {
    const root = await signedInRoot(ready());
    const dave = await createTestUser(ready(), 4, 'dave');
    const daves = await signInUser(ready(), dave);
    const carols = await signInUser(ready(), carol);
    const daveSession = ((await list(daves.token, 'me')).data as SessionRecord[])[0]?.id;
    if (!daveSession) throw new Error('no session');
    expect((await end(carols.token, daveSession)).code).toBe(4754);
    expect((await end(undefined, daveSession)).code).toBe(4252);
    expect((await list(daves.token, 'me')).success).toBe(true); // untouched
    expect((await end(root.token, daveSession)).success).toBe(true);
    expect((await list(daves.token, 'me')).code).toBe(4252);
  });
});
