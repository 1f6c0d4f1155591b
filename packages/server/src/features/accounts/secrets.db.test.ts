import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { SECRET_KEYS } from '../../config/schema.js';
import { describeEachReadyApp } from '../../testing/ready-app.js';
import { REFRESH_GRACE_MS } from './sessions-repository.js';
import { type CallOptions, type CallResult, call, solvedCaptcha } from './test-support.js';
import { createTestUser, freshCode, signedInRoot, signInUser } from './test-users.js';

// Secrets never reach a log line, an API error, a response or a database row in clear: a whole
// session's worth of traffic (successes, wrong credentials, invalid input, refused actions) is
// searched for every password, OTP secret, refresh token and config secret it involved. The logger
// here does NOT mask the config's secrets, so a raw leak would show.

describeEachReadyApp(
  'secrets',
  (ready) => {
    it('stay out of logs, API errors, responses and stored rows', async () => {
      const { app, config, logLines } = ready();
      const answers: CallResult[] = [];
      const send = async (options: CallOptions) => {
        const answer = await call(app, options);
        answers.push(answer);
        return answer;
      };

      const root = await signedInRoot(ready());
      const user = await createTestUser(ready(), 2, 'quinn');
      const session = await signInUser(ready(), user);
      const refreshed = await send({
        method: 'GET',
        url: '/auth/jwt/refresh-jwt',
        refreshCookie: session.cookie,
      });
      // Reuse of the rotated token (after the grace window, within which it would be answered
      // again), wrong password, invalid input carrying the real password (logged as a
      // non-routine error with its arguments), a refused action on root.
      ready().clock.advance(REFRESH_GRACE_MS);
      await send({ method: 'GET', url: '/auth/jwt/refresh-jwt', refreshCookie: session.cookie });
      await send({
        method: 'POST',
        url: '/auth/jwt/sign-in',
        body: {
          nickname: user.nickname,
          password: `${user.password}x`,
          otpToken: await freshCode(ready(), user.otpSecret),
          altchaPayload: await solvedCaptcha(app),
        },
      });
      await send({
        method: 'POST',
        url: '/auth/jwt/sign-in',
        body: { nickname: user.nickname, password: user.password, otpToken: 'bad', altchaPayload: 'AAAA' },
      });
      await send({
        method: 'PATCH',
        url: '/auth/user/password',
        body: { nickname: user.nickname, newPassword: user.password, otpToken: '1', altchaPayload: 'AAAA' },
      });
      await send({
        method: 'PATCH',
        url: `/auth/user/${root.id}/nickname`,
        token: root.token,
        otp: await freshCode(ready(), root.otpSecret),
        body: { newNickname: 'boss' },
      });
      await send({ method: 'GET', url: '/auth/user', token: root.token, headers: { 'otp-token': '123456' } });
      await send({ method: 'GET', url: `/auth/user/${user.id}/sessions`, token: root.token });

      const refreshTokens = [session.cookie, refreshed.refreshCookie ?? '', root.cookie].map(
        (cookie) => cookie.split('.')[0] ?? '',
      );
      const secrets: Record<string, string> = {
        rootPassword: root.password,
        userPassword: user.password,
        rootOtpSecret: root.otpSecret,
        userOtpSecret: user.otpSecret,
        ...Object.fromEntries(refreshTokens.map((token, index) => [`refreshToken${index}`, token])),
        ...Object.fromEntries(SECRET_KEYS.map((key) => [key, config[key]])),
      };
      for (const value of Object.values(secrets)) expect(value.length).toBeGreaterThanOrEqual(8);

      const tables = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(ready().db);
      const rows: Record<string, unknown> = {};
      for (const { table_name } of tables.rows) {
        rows[table_name] = (await sql`select * from ${sql.table(table_name)}`.execute(ready().db)).rows;
      }
      const places = {
        logs: logLines.join('\n'),
        responses: answers.map((answer) => answer.raw).join('\n'),
        database: JSON.stringify(rows),
      };
      expect(logLines.length).toBeGreaterThan(10);
      expect(places.database).toContain(user.id); // the dump holds the rows
      // The refresh, the user list and the sessions list succeed; the rest are refused.
      expect(answers.filter((answer) => answer.success)).toHaveLength(3);
      const leaks: string[] = [];
      for (const [place, text] of Object.entries(places)) {
        for (const [name, value] of Object.entries(secrets))
          if (text.includes(value)) leaks.push(`${name} in ${place}`);
      }
      expect(leaks).toEqual([]);
    }, 120_000);
  },
  // Debug level: the request lines (off at the default level) must not leak either.
  { maskConfigSecrets: false, logLevel: 'debug' },
);
