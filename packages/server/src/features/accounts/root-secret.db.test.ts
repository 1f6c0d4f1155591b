import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../shared/secret-box.js';
import { buildReadyApp, type ReadyApp } from '../../testing/ready-app.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { ROOT_OTP_FILE } from './root-secret.js';
import { call, otpSecretIn, solvedCaptcha } from './test-support.js';
import { freshCode } from './test-users.js';

// A first start where stdout is no terminal (systemd, Docker, a pipe: whatever captures it keeps
// it): root's secret must reach the operator without ever reaching stdout or the log.

const logged = (ready: ReadyApp) => ready.logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

for (const { kind, create } of databaseKinds()) {
  describe(`root's one-time-code secret when stdout is no terminal [${kind}]`, () => {
    let target: TestDatabase | undefined;
    let ready: ReadyApp;
    let dataDir: string;
    let file: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-root-otp-'));
      file = path.join(dataDir, ROOT_OTP_FILE);
      target = await create();
      ready = await buildReadyApp(target, {
        engine: false,
        interactive: false,
        config: { BALANCER_DATA_DIR: dataDir },
      });
    });
    afterAll(async () => {
      await ready?.close();
      await target?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('goes to a file in the data folder that only its owner reads; the log names the file, never the secret', async () => {
      expect(ready.printed).toEqual([]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const text = readFileSync(file, 'utf8');
      expect(text).toMatch(/[▀▄█]{7}/);
      expect(text).toContain('/auth/update-password');
      expect(text).toContain('This file is deleted once root has set its password');
      const secret = otpSecretIn(text);
      const row = await ready.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(new SecretBox(ready.config.ENCRYPTION_KEY).open(row.otp_secret_sealed, `otp:${row.id}`)).toBe(
        secret,
      );
      expect(logged(ready).filter((line) => line.file === file)).toHaveLength(1);
      for (const line of ready.logLines) {
        expect(line).not.toContain(secret);
        expect(line).not.toContain('otpauth');
      }
    });

    it('each start while root has no password says where to look, in one line without the secret', async () => {
      const secret = otpSecretIn(readFileSync(file, 'utf8'));
      const before = ready.logLines.length;
      await ready.services.accounts.ensureRoot();
      const lines = logged(ready).slice(before);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 40,
          file,
          msg: expect.stringContaining('root has no password yet'),
        }),
      ]);
      expect(JSON.stringify(lines)).not.toContain(secret);
      expect(ready.printed).toEqual([]);
    });

    it('is deleted once root has set its password, and a later start writes no file and no reminder', async () => {
      const secret = otpSecretIn(readFileSync(file, 'utf8'));
      const update = await call(ready.app, {
        method: 'PATCH',
        url: '/auth/user/password',
        body: {
          nickname: 'root',
          newPassword: 'Root-file-pa55!',
          otpToken: await freshCode(ready, secret),
          altchaPayload: await solvedCaptcha(ready.app),
        },
      });
      expect(update.success).toBe(true);
      expect(existsSync(file)).toBe(false);
      const before = ready.logLines.length;
      await ready.services.accounts.ensureRoot();
      expect([existsSync(file), ready.logLines.slice(before)]).toEqual([false, []]);
    });

    it('a file left behind (a copy restored, say) is deleted at start once root has a password', async () => {
      writeFileSync(file, 'stale', { mode: 0o600 });
      await ready.services.accounts.ensureRoot();
      expect(existsSync(file)).toBe(false);
    });
  });
}
