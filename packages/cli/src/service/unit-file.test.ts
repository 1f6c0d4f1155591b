import { describe, expect, it } from 'vitest';
import { buildUnit, STOP_MARGIN_S, type UnitOptions } from './unit-file.js';

const base: UnitOptions = {
  user: 'balancer',
  installDir: '/opt/balancer',
  nodePath: '/usr/bin/node',
  dataDir: '/var/lib/balancer',
  environmentFile: '/etc/balancer/balancer.env',
  ports: [5075, 0],
  stopDeadlineMs: 4_500,
};

/** The unit's `Key=value` lines as a map of key → values (a key may repeat). */
function keys(unit: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of unit.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match?.[1] !== undefined) map.set(match[1], [...(map.get(match[1]) ?? []), match[2] ?? '']);
  }
  return map;
}

describe('buildUnit', () => {
  it('runs the built server with the install-time node, as its own user, from the install folder', () => {
    expect(Object.fromEntries(keys(buildUnit(base)))).toMatchObject({
      ExecStart: ['/usr/bin/node --max-semi-space-size=8 /opt/balancer/packages/server/bundle/main.js'],
      User: ['balancer'],
      Group: ['balancer'],
      WorkingDirectory: ['/opt/balancer'],
      EnvironmentFile: ['/etc/balancer/balancer.env'],
      Environment: ['BALANCER_DATA_DIR=/var/lib/balancer'],
      Restart: ['on-failure'],
      LimitNOFILE: ['65536'],
      KillSignal: ['SIGTERM'],
    });
  });

  it("gives systemd the platform's stop deadline plus a margin before SIGKILL", () => {
    // ceil(4500 ms / 1000) = 5 s, plus the 5 s margin.
    expect(STOP_MARGIN_S).toBe(5);
    expect(keys(buildUnit(base)).get('TimeoutStopSec')).toEqual(['10']);
    // ceil(12001 / 1000) = 13, + 5.
    expect(keys(buildUnit({ ...base, stopDeadlineMs: 12_001 })).get('TimeoutStopSec')).toEqual(['18']);
  });

  it('grants CAP_NET_BIND_SERVICE only when PORT or HTTP_PORT is below 1024', () => {
    const high = keys(buildUnit(base));
    expect(high.get('AmbientCapabilities')).toBeUndefined();
    expect(high.get('CapabilityBoundingSet')).toEqual(['']);
    for (const ports of [
      [443, 80],
      [5075, 80],
      [443, 0],
    ]) {
      const low = keys(buildUnit({ ...base, ports }));
      expect(low.get('AmbientCapabilities')).toEqual(['CAP_NET_BIND_SERVICE']);
      expect(low.get('CapabilityBoundingSet')).toEqual(['CAP_NET_BIND_SERVICE']);
    }
  });

  it('makes everything read-only but the data folder, and hides /home unless it runs from there', () => {
    expect(Object.fromEntries(keys(buildUnit(base)))).toMatchObject({
      ProtectSystem: ['strict'],
      ReadWritePaths: ['/var/lib/balancer'],
      NoNewPrivileges: ['true'],
      PrivateTmp: ['true'],
      ProtectHome: ['true'],
    });
    expect(keys(buildUnit({ ...base, installDir: '/home/pi/balancer' })).get('ProtectHome')).toEqual([
      'read-only',
    ]);
    // nvm's node lives in the home folder too.
    expect(
      keys(buildUnit({ ...base, nodePath: '/home/pi/.nvm/versions/node/v20.19.0/bin/node' })).get(
        'ProtectHome',
      ),
    ).toEqual(['read-only']);
    // A data folder under /home stays writable (ReadWritePaths inside a read-only /home).
    expect(keys(buildUnit({ ...base, dataDir: '/home/pi/balancer-data' })).get('ProtectHome')).toEqual([
      'read-only',
    ]);
    // /homework is not under /home.
    expect(keys(buildUnit({ ...base, installDir: '/homework/balancer' })).get('ProtectHome')).toEqual([
      'true',
    ]);
  });

  it('refuses relative paths, paths systemd would split or expand, and bad user names', () => {
    expect(() => buildUnit({ ...base, dataDir: 'data' })).toThrow(/absolute/);
    expect(() => buildUnit({ ...base, installDir: '/opt/my balancer' })).toThrow(/spaces/);
    expect(() => buildUnit({ ...base, environmentFile: '/etc/100%.env' })).toThrow(/%/);
    expect(() => buildUnit({ ...base, user: 'Bad User' })).toThrow(/user name/);
  });
});
