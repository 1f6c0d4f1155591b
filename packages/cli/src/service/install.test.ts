import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCaptured as run } from '../run-captured.js';
import { localSystem } from './system.js';

// `npm run cli -- service install|print|uninstall` for real, with every path in a temp folder and
// the user `root` (which exists, so no user is created); as root, the data folder is chowned to it.

describe('npm run cli -- service', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'balancer-service-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const unitFile = path.join(root, 'systemd/balancer.service');
  const settings = path.join(root, 'etc/balancer/balancer.env');
  const dataDir = path.join(root, 'var/lib/balancer');
  const flags = ['--user', 'root', '--unit-file', unitFile, '--settings', settings, '--data-dir', dataDir];
  const system = localSystem();
  // The server must be built for install (the unit runs bundle/main.js, it builds nothing).
  const built = existsSync(path.resolve('packages/server/bundle/main.js'));

  it('print and --dry-run show the unit and write nothing', async () => {
    const printed = await run(['service', 'print', ...flags]);
    expect(printed).toMatchObject({ code: 0, err: '' });
    expect(printed.out).toContain(`ReadWritePaths=${dataDir}`);
    expect(printed.out).toContain(`EnvironmentFile=${settings}`);
    if (built) {
      const dry = await run(['service', 'install', '--dry-run', ...flags]);
      expect(dry.out).toContain(printed.out);
      expect(dry.out).toContain('systemctl enable --now balancer');
    }
    expect(existsSync(unitFile) || existsSync(settings) || existsSync(dataDir)).toBe(false);
  });

  it.skipIf(!built)(
    'install writes the unit, a 0600 settings file and a 0700 data folder; uninstall removes the unit only',
    async () => {
      const installed = await run(['service', 'install', ...flags]);
      expect(installed.err).toBe('');
      expect(installed.code).toBe(0);
      expect(statSync(settings).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(readFileSync(unitFile, 'utf8')).toContain('User=root');
      expect(installed.out).toContain('journalctl -u balancer -f');
      if (!system.systemdRunning) expect(installed.out).toContain('systemd is not PID 1');
      if (system.uid !== 0) expect(installed.out).toContain('chown -R root:root');
      if (existsSync('/usr/bin/systemd-analyze')) {
        const verified = spawnSync('/usr/bin/systemd-analyze', ['verify', unitFile], { encoding: 'utf8' });
        // `root` is a real user, so the only finding allowed is none.
        expect(`${verified.stdout}${verified.stderr}`.trim()).toBe('');
      }

      // The settings file is the operator's: a second install keeps it and reads its ports.
      writeFileSync(settings, 'PUBLIC_DOMAIN=bot.example.com\n', { mode: 0o600 });
      await run(['service', 'install', ...flags]);
      expect(readFileSync(settings, 'utf8')).toBe('PUBLIC_DOMAIN=bot.example.com\n');
      expect(readFileSync(unitFile, 'utf8')).toContain('AmbientCapabilities=CAP_NET_BIND_SERVICE');

      const removed = await run(['service', 'uninstall', ...flags]);
      expect(removed.code).toBe(0);
      expect(existsSync(unitFile)).toBe(false);
      expect(existsSync(settings) && existsSync(dataDir)).toBe(true);
      expect((await run(['service', 'uninstall', ...flags])).code).toBe(1);
    },
  );

  it('refuses bad settings, listing each, and unknown actions', async () => {
    mkdirSync(path.dirname(settings), { recursive: true });
    writeFileSync(settings, 'PROT=443\nPORT=eighty\n', { mode: 0o600 });
    const refused = await run(['service', 'print', ...flags]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('PROT: unknown setting');
    expect(refused.err).toContain('PORT:');
    expect((await run(['service', 'start', ...flags])).code).toBe(1);
    const spaced = await run([
      'service',
      'print',
      '--data-dir',
      path.join(root, 'my data'),
      '--unit-file',
      unitFile,
    ]);
    expect(spaced.err).toContain('spaces');
  });
});
