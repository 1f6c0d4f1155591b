import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { call, codeAt, solvedCaptcha } from './test-support.js';
import { freshCode, signedInRoot, signInUser, type TestUser } from './test-users.js';
import type { UserRecord } from './users-repository.js';

// What root does with users: create, hand over the secret, rename, change authority, rotate the
// secret, delete; and what the API may never do to root.

describeEachReadyApp('users', (ready) => {
  let root: TestUser & { token: string };
  beforeAll(async () => {
    root = await signedInRoot(ready());
  });

  const change = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call(ready().app, {
      method,
      url,
      token: root.token,
      otp: await freshCode(ready(), root.otpSecret),
      ...(body === undefined ? {} : { body }),
    });
  const read = (url: string) => call(ready().app, { method: 'GET', url, token: root.token });

  it('creates a user without a password, whose secret root hands over and who then signs in', async () => {
    const created = await change('POST', '/auth/user', { nickname: 'Ivan', authority: 2 });
    expect(created.data).toMatchObject({ nickname: 'Ivan', authority: 2, password_set: false });
    const ivan = created.data as UserRecord;
    const handover = (await read(`/auth/user/${ivan.id}/otp-secret`)).data as {
      otpSecret: string;
      otpauthUri: string;
    };
    expect(handover.otpauthUri).toContain(`secret=${handover.otpSecret}`);

    const password = 'Ivan-pa55word!';
    const set = await call(ready().app, {
      method: 'PATCH',
      url: '/auth/user/password',
      body: {
        nickname: 'ivan',
        newPassword: password,
        otpToken: await freshCode(ready(), handover.otpSecret),
        altchaPayload: await solvedCaptcha(ready().app),
      },
    });
    expect(set.success).toBe(true);
    const session = await signInUser(ready(), { nickname: 'Ivan', password, otpSecret: handover.otpSecret });
    expect((await ready().services.accounts.authenticate(session.token)).authority).toBe(2);
  });

  it('keeps nicknames unique whatever their case (4752), and writes nothing then', async () => {
    expect((await change('POST', '/auth/user', { nickname: 'judy', authority: 1 })).success).toBe(true);
    const before = await ready().services.accounts.listUsers();
    expect((await change('POST', '/auth/user', { nickname: 'JUDY', authority: 1 })).code).toBe(4752);
    expect((await change('POST', '/auth/user', { nickname: 'Root', authority: 4 })).code).toBe(4752);
    const other = (await change('POST', '/auth/user', { nickname: 'kim', authority: 1 })).data as UserRecord;
    expect((await change('PATCH', `/auth/user/${other.id}/nickname`, { newNickname: 'Judy' })).code).toBe(
      4752,
    );
    expect((await ready().services.accounts.listUsers()).length).toBe(before.length + 1);
    // Renaming to another case of one's own nickname is fine.
    const renamed = await change('PATCH', `/auth/user/${other.id}/nickname`, { newNickname: 'KIM' });
    expect(renamed.data).toMatchObject({ id: other.id, nickname: 'KIM' });
  });

  it('changes authority, lists users and answers 4751 for an unknown id', async () => {
    const liam = (await change('POST', '/auth/user', { nickname: 'liam', authority: 1 })).data as UserRecord;
    const promoted = await change('PATCH', `/auth/user/${liam.id}/authority`, { newAuthority: 4 });
    expect(promoted.data).toMatchObject({ authority: 4 });
    const list = (await read('/auth/user')).data as UserRecord[];
    expect(list[0]).toMatchObject({ nickname: 'root', authority: 5 });
    expect(list.find((user) => user.id === liam.id)).toMatchObject({ authority: 4, password_set: false });
    expect(JSON.stringify(list)).not.toMatch(/hash|sealed|argon2/);

    const ghost = randomUUID();
    expect((await change('PATCH', `/auth/user/${ghost}/nickname`, { newNickname: 'ghost' })).code).toBe(4751);
    expect((await change('PATCH', `/auth/user/${ghost}/authority`, { newAuthority: 2 })).code).toBe(4751);
    expect((await change('PATCH', `/auth/user/${ghost}/otp-secret`)).code).toBe(4751);
    expect((await change('DELETE', `/auth/user/${ghost}`)).code).toBe(4751);
    expect((await read(`/auth/user/${ghost}/otp-secret`)).code).toBe(4751);
    expect((await read(`/auth/user/${ghost}/sessions`)).code).toBe(4751);
    expect((await read(`/auth/user/${ghost}/password-updates?limit=5`)).code).toBe(4751);
  });

  it('rotates a secret: the old codes stop working at once, the new ones work', async () => {
    const mia = (await change('POST', '/auth/user', { nickname: 'mia', authority: 1 })).data as UserRecord;
    const old = ((await read(`/auth/user/${mia.id}/otp-secret`)).data as { otpSecret: string }).otpSecret;
    const rotated = (await change('PATCH', `/auth/user/${mia.id}/otp-secret`)).data as { otpSecret: string };
    expect(rotated.otpSecret).not.toBe(old);
    const { accounts } = ready().services;
    const miaUser = { id: mia.id, nickname: 'mia', authority: 1 };
    const now = ready().clock.advance(30_000);
    await expect(accounts.verifyOtp(miaUser, await codeAt(old, now))).rejects.toMatchObject({ code: 4004 });
    await expect(accounts.verifyOtp(miaUser, await codeAt(rotated.otpSecret, now))).resolves.toBeUndefined();
  });

  it('deletes a user with their sessions and history', async () => {
    const nina = (await change('POST', '/auth/user', { nickname: 'nina', authority: 3 })).data as UserRecord;
    expect((await change('DELETE', `/auth/user/${nina.id}`)).success).toBe(true);
    const { db } = ready();
    expect(await db.selectFrom('users').select('id').where('id', '=', nina.id).execute()).toEqual([]);
    expect((await change('DELETE', `/auth/user/${nina.id}`)).code).toBe(4751);
  });

  it('never renames, demotes or deletes root (4007), and cannot make a second root', async () => {
    const url = `/auth/user/${root.id}`;
    expect((await change('PATCH', `${url}/nickname`, { newNickname: 'boss' })).code).toBe(4007);
    expect((await change('PATCH', `${url}/authority`, { newAuthority: 4 })).code).toBe(4007);
    expect((await change('DELETE', url)).code).toBe(4007);
    // Authority 5 is not assignable: refused by the schema (6503).
    expect((await change('POST', '/auth/user', { nickname: 'root2', authority: 5 })).code).toBe(6503);
    const mallory = (await change('POST', '/auth/user', { nickname: 'mallory', authority: 4 }))
      .data as UserRecord;
    expect((await change('PATCH', `/auth/user/${mallory.id}/authority`, { newAuthority: 5 })).code).toBe(
      6503,
    );
    const row = await ready()
      .db.selectFrom('users')
      .selectAll()
      .where('id', '=', root.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ nickname: 'root', authority: 5 });
    const roots = await ready().db.selectFrom('users').select('id').where('authority', '=', 5).execute();
    expect(roots).toHaveLength(1);
    // Root may replace its own secret through the API (it gets the new one back).
    const mine = (await change('PATCH', `${url}/otp-secret`)).data as { otpSecret: string };
    expect(mine.otpSecret).not.toBe(root.otpSecret);
    root.otpSecret = mine.otpSecret;
    expect((await change('POST', '/auth/user', { nickname: 'oscar', authority: 1 })).success).toBe(true);
  });

  it('tells a signed-in user who they are, with their current authority', async () => {
    const me = await call(ready().app, { method: 'GET', url: '/auth/user/me', token: root.token });
    expect(me.data).toEqual({ id: root.id, nickname: 'root', authority: 5 });
    expect((await call(ready().app, { method: 'GET', url: '/auth/user/me' })).code).toBe(4252);
  });

  it("lists a user's sessions with device details and no token material", async () => {
    const sessions = (await read(`/auth/user/${root.id}/sessions`)).data as Array<Record<string, unknown>>;
    expect(sessions.length).toBeGreaterThan(0);
    expect(Object.keys(sessions[0] ?? {}).sort()).toEqual(
      ['created_at', 'current', 'expires_at', 'id', 'ip', 'last_used_at', 'user_agent'].sort(),
    );
    // Root reads its own list: the session of this very request is marked.
    expect(sessions.filter((session) => session.current === true)).toHaveLength(1);
  });
});
