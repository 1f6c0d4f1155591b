import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STOP_BUDGET } from '@balancer/server/ops';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUnit, type UnitOptions } from './unit-file.js';

// `systemd-analyze verify` loads a unit as systemd would and reports what it would ignore or
// refuse. It needs ExecStart's binary to exist (this node), not the user: a user that does not
// exist yet is fine (service install creates it), while `nobody` draws a warning of its own.
const ANALYZE = '/usr/bin/systemd-analyze';

function verify(unitText: string, folder: string, name = 'balancer.service'): string {
  const file = path.join(folder, name);
  writeFileSync(file, unitText);
  const result = spawnSync(ANALYZE, ['verify', file], { encoding: 'utf8', timeout: 60_000 });
  // Everything it prints about the unit is a finding; nothing printed is a clean unit.
  return `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
}

describe.skipIf(!existsSync(ANALYZE))('systemd-analyze verify on generated units', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'balancer-unit-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const installDir = path.join(root, 'opt/balancer');
  mkdirSync(path.join(installDir, 'packages/server/bundle'), { recursive: true });
  writeFileSync(path.join(installDir, 'packages/server/bundle/main.js'), '');
  const environmentFile = path.join(root, 'etc/balancer.env');
  mkdirSync(path.dirname(environmentFile), { recursive: true });
  writeFileSync(environmentFile, '', { mode: 0o600 });
  const base: UnitOptions = {
    user: 'balancer-verify',
    installDir,
    nodePath: realpathSync(process.execPath),
    dataDir: path.join(root, 'var/lib/balancer'),
    environmentFile,
    ports: [5075, 0],
    stopDeadlineMs: STOP_BUDGET.deadlineMs,
  };

  const variants: Record<string, UnitOptions> = {
    'plain HTTP on 5075': base,
    'PUBLIC_DOMAIN: 443 and 80 (capability)': { ...base, ports: [443, 80] },
    'self-signed on 5075 with HTTP on 80': { ...base, ports: [5075, 80] },
    'installed under /home (ProtectHome=read-only)': { ...base, installDir: '/home/pi/balancer' },
    'data folder under /home': { ...base, dataDir: '/home/pi/balancer-data' },
    'another user and data folder': { ...base, user: 'trader', dataDir: '/srv/balancer-data' },
  };

  for (const [name, options] of Object.entries(variants)) {
    it(`has nothing to say about: ${name}`, () => {
      expect(verify(buildUnit(options), root)).toBe('');
    });
  }

  it('does report a broken unit (so a clean run means something)', () => {
    const broken = buildUnit(base)
      .replace('ProtectSystem=strict', 'ProtectSystem=stricter')
      .replace('LimitNOFILE=65536', 'LimitNOFILES=65536');
    const findings = verify(broken, root, 'broken.service');
    expect(findings).toContain('protect system value');
    expect(findings).toContain('LimitNOFILES');
    expect(
      verify(buildUnit({ ...base, nodePath: path.join(root, 'no-such-node') }), root, 'nonode.service'),
    ).toContain('no-such-node');
  });
});
