import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationPage, PlatformVersion, UserRecord } from '@balancer/core';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connect.js';
import { freePort, logLines, type SpawnedServer } from '../../testing/spawn-server.js';
import {
  type ApiSession,
  callApi,
  createUser,
  otpClock,
  refreshSession,
  rootOtpSecret,
  setPassword,
  signInOverApi,
} from '../../testing/spawned-api.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import {
  cli,
  type Install,
  installPrevious,
  npmCi,
  npmStart,
  PREVIOUS_TAG,
  type RepoFacts,
  removeBuildOutputs,
  repoFacts,
  runOk,
  workAroundOldCliBuild,
} from '../../testing/upgrade-rig.js';
import { ExchangeCredentials } from '../../trading/exchange-credentials.js';

/*
 * Upgrading in place, as docs/platform-update.md tells an operator: install the previous release
 * (the last commit before the newest migration, tagged by the test in its own origin), make data
 * through the API and the CLI, then back up, stop, `git pull --ff-only`, `npm ci`, `npm start`, and
 * check that users, sessions, secrets and exchange keys survive and each migration ran once. Then
 * roll back as documented: the previous tag, `npm ci`, `npm run cli -- restore`, `npm start`.
 *
 * One install serves every database kind (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * each with its own data folder, as two operators on the same release would: the previous release
 * is built once and makes data on each kind, one pull, one `npm ci` and one build upgrade both, and
 * the rollback (on the first kind: the restore is covered on both kinds by the cli's backup tests)
 * builds the previous release again. Three `npm ci` and three builds in all: minutes.
 */

const KEYS = { apiKey: 'upgrade-test-key-K3y9', secret: 'upgrade-test-secret-S3cr' };
const started: SpawnedServer[] = [];

/**
 * Stops `npm start` as the documented step says: Ctrl+C in its terminal, or (`how` = 'kill') a
 * SIGTERM to the npm process alone, as `kill PID` or a service manager sends it. The server must
 * finish its clean stop and nothing of it may stay behind ('close' waits for every process that
 * held the output).
 */
async function stopCleanly(server: SpawnedServer, how: 'ctrl-c' | 'kill'): Promise<void> {
  const code = how === 'kill' ? await server.stop() : await server.interrupt();
  expect(server.stdout()).toContain('stopped cleanly');
  // After Ctrl+C npm ends with the server's 0, or by the signal it received itself when it reaches
  // npm after the server has exited (a shell shows 130): never another code.
  if (how === 'kill') expect(code).toBe(0);
  else expect([0, 'SIGINT']).toContain(code);
}

function migrationsApplied(server: SpawnedServer): unknown {
  return logLines(server.stdout()).find((line) => line.msg === 'database ready')?.migrationsApplied;
}

async function start(install: Install, env: Record<string, string>): Promise<SpawnedServer> {
  const server = await npmStart(install, env);
  started.push(server);
  const ready = await callApi<{ ready: boolean }>(server, { path: 'ready' });
  expect(ready.ready).toBe(true);
  return server;
}

/** What the operator sees and must still see after the upgrade (and after a rollback). */
async function snapshot(server: SpawnedServer, token: string) {
  const users = await callApi<UserRecord[]>(server, { path: 'auth/user', token });
  const page = await callApi<NotificationPage>(server, { path: 'notification?limit=30', token });
  const version = await callApi<PlatformVersion>(server, { path: 'platform/version', token });
  return {
    users: users.map(({ id, nickname, authority }) => ({ id, nickname, authority })),
    notificationIds: page.notifications.map((notification) => notification.id),
    sha: version.api.running.sha,
  };
}

async function storedState(target: TestDatabase, secretsFile: string) {
  const { ENCRYPTION_KEY } = JSON.parse(readFileSync(secretsFile, 'utf8')) as { ENCRYPTION_KEY: string };
  const handle = await openDatabase(target.options);
  try {
    const rows = await handle.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const keys = await new ExchangeCredentials(() => handle.db, ENCRYPTION_KEY).get('binance');
    return { migrations: (rows as Array<{ name: string }>).map((row) => row.name).sort(), keys };
  } finally {
    await handle.close();
  }
}

const phases: string[] = [];
let phaseStart = Date.now();
function phase(name: string): void {
  const now = Date.now();
  phases.push(`${name} ${((now - phaseStart) / 1000).toFixed(1)} s`);
  phaseStart = now;
}

/** One operator's installation on one database kind: its data folder and what it made before. */
interface Site {
  kind: TestDatabase['kind'];
  target: TestDatabase;
  env: Record<string, string>;
  session: ApiSession;
  before: Awaited<ReturnType<typeof snapshot>>;
  secretsFile: string;
  secrets: Buffer;
  backupFile: string;
}

const STEP_TIMEOUT = 600_000;

/**
 * The secrets file after an upgrade or a rollback: every secret it held is still there, unchanged;
 * a release may add the secrets it introduces (a new key generated once, e.g. VAPID_PRIVATE_KEY),
 * and an older one leaves them be.
 */
function expectSecretsKept(file: string, before: Buffer): void {
  const was = JSON.parse(before.toString('utf8')) as Record<string, string>;
  const now = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  expect(Object.fromEntries(Object.keys(was).map((key) => [key, now[key]]))).toEqual(was);
}

describe('upgrading in place', () => {
  const kinds = databaseKinds();
  const sites: Site[] = [];
  let facts: RepoFacts | undefined;
  let shared: { install: Install; workDir: string } | undefined;
  const setup = () => {
    if (!facts || !shared) throw new Error('the previous release is not installed yet');
    return { facts, ...shared };
  };

  afterAll(async () => {
    for (const server of started.splice(0)) {
      if (server.process.exitCode === null && server.process.signalCode === null) await server.interrupt();
    }
    for (const site of sites) await site.target.dispose();
    if (shared) rmSync(shared.workDir, { recursive: true, force: true });
    process.stdout.write(`upgrade test phases: ${phases.join(', ')}\n`);
  });

  it(
    `installs the previous release and makes data on each kind (${kinds.map((k) => k.kind).join(', ')})`,
    async () => {
      phaseStart = Date.now();
      facts = await repoFacts();
      expect(facts.previousMigrations.length).toBeLessThan(facts.targetMigrations.length);
      if (facts.dirty) {
        process.stdout.write(
          `upgrade test: the working tree has uncommitted changes; it upgrades to HEAD as committed (${facts.target})\n`,
        );
      }
      const workDir = mkdtempSync(path.join(tmpdir(), 'balancer-upgrade-'));
      shared = { install: await installPrevious(workDir, facts), workDir };
      phase('clone + npm ci');
      const { install } = shared;
      for (const { kind, create } of kinds) {
        const target = await create();
        // An operator's first start: an empty data folder (the PGlite template is not used).
        if (kind === 'pglite')
          rmSync(path.join(target.options.dataDir, 'pglite'), { recursive: true, force: true });
        const dataDir = target.options.dataDir;
        const env = {
          BALANCER_DATA_DIR: dataDir,
          PORT: String(await freePort()),
          ...(target.options.databaseUrl ? { DATABASE_URL: target.options.databaseUrl } : {}),
        };

        // The previous release: root's first sign-in, a second user, notifications read.
        const first = await start(install, env);
        phase(`first start [${kind}]${sites.length === 0 ? ' (build)' : ''}`);
        const rootClock = otpClock(first, rootOtpSecret(first));
        await setPassword(first, 'root', rootClock);
        const root = await signInOverApi(first, 'root', rootClock);
        await createUser(first, { token: root.token, clock: rootClock }, 'alice', 2);
        await callApi(first, { method: 'PATCH', path: 'notification/read', token: root.token });
        await stopCleanly(first, 'ctrl-c');

        // Exchange keys through the CLI (embedded database: while the platform is stopped).
        await workAroundOldCliBuild(install);
        const stored = await cli(install, env, ['exchange-keys', 'set'], `${KEYS.apiKey}\n${KEYS.secret}\n`);
        expect(stored.code, `${stored.stdout}\n${stored.stderr}`).toBe(0);
        expect(stored.stdout).toContain('…K3y9');

        const second = await start(install, env);
        expect(migrationsApplied(second)).toEqual([]);
        const session: ApiSession = await refreshSession(second, root.cookie);
        const before = await snapshot(second, session.token);
        expect(before.sha).toBe(facts.previous);
        expect(before.users.map((user) => user.nickname).sort()).toEqual(['alice', 'root']);
        const secretsFile = path.join(dataDir, 'secrets.json');

        // The documented steps begin: 1 back up, 2 stop.
        const backupFile = path.join(workDir, `before-upgrade-${kind}.jsonl.gz`);
        const backup = await cli(install, env, ['backup', backupFile]);
        expect(backup.code, `${backup.stdout}\n${backup.stderr}`).toBe(0);
        await stopCleanly(second, 'ctrl-c');
        sites.push({
          kind,
          target,
          env,
          session,
          before,
          secretsFile,
          secrets: readFileSync(secretsFile),
          backupFile,
        });
        phase(`data, keys, second start, backup [${kind}]`);
      }
    },
    STEP_TIMEOUT,
  );

  it(
    'pulls the release with git pull --ff-only and installs it with npm ci',
    async () => {
      const { facts, install } = setup();
      // 3 git pull --ff-only, 4 npm ci.
      await runOk('git', ['update-ref', 'refs/heads/main', facts.target], { cwd: install.origin });
      await runOk('git', ['pull', '--ff-only', '--quiet'], { cwd: install.dir, env: install.env });
      expect((await runOk('git', ['rev-parse', 'HEAD'], { cwd: install.dir })).trim()).toBe(facts.target);
      await npmCi(install);
      phase('pull + npm ci');
    },
    STEP_TIMEOUT,
  );

  for (const [index, { kind }] of kinds.entries()) {
    it(
      `keeps users, sessions, secrets and exchange keys, and runs each new migration once [${kind}]`,
      async () => {
        const { facts, install } = setup();
        const site = sites[index];
        if (!site) throw new Error(`no data was made on ${kind}`);
        const { env, session, before, target } = site;
        const newMigrations = facts.targetMigrations.filter(
          (name) => !facts.previousMigrations.includes(name),
        );
        // 5 npm start (the first one builds the release).
        const upgraded = await start(install, env);
        phase(`upgraded start [${kind}]${index === 0 ? ' (build)' : ''}`);
        expect(migrationsApplied(upgraded)).toEqual(newMigrations);

        // The session survives: the access token issued before still verifies, the cookie refreshes.
        const me = await callApi<{ nickname: string }>(upgraded, {
          path: 'auth/user/me',
          token: session.token,
        });
        expect(me.nickname).toBe('root');
        const renewed = await refreshSession(upgraded, session.cookie);
        const after = await snapshot(upgraded, renewed.token);
        expect(after.users).toEqual(before.users);
        expect(after.notificationIds).toEqual(expect.arrayContaining(before.notificationIds));
        expect(after.sha).toBe(facts.target);
        await stopCleanly(upgraded, 'kill');
        expectSecretsKept(site.secretsFile, site.secrets);

        const status = await cli(install, env, ['exchange-keys', 'status']);
        expect(status.stdout, status.stderr).toContain('binance: key …K3y9');
        const state = await storedState(target, site.secretsFile);
        expect(state.migrations).toEqual(facts.targetMigrations);
        expect(state.keys).toEqual(KEYS);

        const third = await start(install, env);
        expect(migrationsApplied(third)).toEqual([]);
        await stopCleanly(third, 'kill');
        phase(`checks + third start [${kind}]`);
      },
      STEP_TIMEOUT,
    );
  }

  it(
    `rolls back to the previous release and restores the backup taken before the upgrade [${kinds[0]?.kind}]`,
    async () => {
      const { facts, install } = setup();
      const site = sites[0];
      if (!site) throw new Error('no data was made');
      const { env, session, before, target } = site;
      // Rollback: the previous tag, the newer build's outputs removed, npm ci, restore the backup
      // taken before the upgrade, start.
      await runOk('git', ['checkout', '--quiet', PREVIOUS_TAG], { cwd: install.dir });
      await removeBuildOutputs(install);
      await npmCi(install);
      await workAroundOldCliBuild(install);
      const restored = await cli(install, env, ['restore', site.backupFile, '--yes']);
      expect(restored.code, `${restored.stdout}\n${restored.stderr}`).toBe(0);
      const rolledBack = await start(install, env);
      phase('rollback: checkout + npm ci + restore + start (build)');
      // The backup holds the session as it was before the upgrade: its cookie opens it again.
      const again = await refreshSession(rolledBack, session.cookie);
      const rolled = await snapshot(rolledBack, again.token);
      expect(rolled.users).toEqual(before.users);
      expect(rolled.sha).toBe(facts.previous);
      // Every start may add its own notification; the ones from before are all there.
      expect(rolled.notificationIds).toEqual(expect.arrayContaining(before.notificationIds));
      await stopCleanly(rolledBack, 'ctrl-c');
      expectSecretsKept(site.secretsFile, site.secrets);
      const rolledState = await storedState(target, site.secretsFile);
      expect(rolledState.migrations).toEqual(facts.previousMigrations);
      expect(rolledState.keys).toEqual(KEYS);
    },
    STEP_TIMEOUT,
  );
});
