import path from 'node:path';
import { SERVER_NODE_FLAGS } from '@balancer/server/ops';

/** What a Balancer systemd unit is made of (service install gathers it; everything absolute). */
export interface UnitOptions {
  /** The system user (and group of the same name) the platform runs as. */
  user: string;
  /** The checkout the platform runs from (WorkingDirectory). */
  installDir: string;
  /** The node binary found at install time (systemd runs no shell and no PATH lookup for it). */
  nodePath: string;
  /** BALANCER_DATA_DIR: the only folder the service may write. */
  dataDir: string;
  /** The settings file (KEY=value lines). */
  environmentFile: string;
  /** The ports the platform listens on (PORT, HTTP_PORT; 0 = none). */
  ports: readonly number[];
  /** The platform's own stop deadline, ms from SIGTERM (platform/stop.ts STOP_BUDGET.deadlineMs). */
  stopDeadlineMs: number;
}

/** Seconds systemd waits after SIGTERM before SIGKILL: the platform's deadline plus this margin. */
export const STOP_MARGIN_S = 5;

/** Folders systemd's ProtectHome hides (or makes read-only). */
const HOME_FOLDERS = ['/home', '/root', '/run/user'];

function under(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The unit text (pure). The platform runs as `node packages/server/bundle/main.js` from the install
 * folder, which is what `npm start` ends up importing once the build is current (the unit runs no
 * build: the install folder is read-only to the service). Ports below 1024 get only the one
 * capability they need; the rest of the file system is read-only, the data folder excepted.
 */
export function buildUnit(options: UnitOptions): string {
  for (const [name, value] of Object.entries({
    installDir: options.installDir,
    nodePath: options.nodePath,
    dataDir: options.dataDir,
    environmentFile: options.environmentFile,
  })) {
    if (!path.isAbsolute(value)) throw new Error(`${name} must be an absolute path: ${value}`);
    // WorkingDirectory= and EnvironmentFile= take a path as it is (no quoting), and `%` or `$`
    // would be expanded: such paths are refused rather than half-escaped.
    if (/[\s"'\\%$]/.test(value))
      throw new Error(`${name} must not hold spaces, quotes, \\, % or $: ${value}`);
  }
  if (!/^[a-z_][a-z0-9_-]{0,30}$/.test(options.user))
    throw new Error(`not a valid user name: ${options.user}`);
  const privileged = options.ports.some((port) => port > 0 && port < 1024);
  const inHome = [options.installDir, options.nodePath, options.dataDir].some((file) =>
    HOME_FOLDERS.some((home) => under(home, file)),
  );
  const stopSeconds = Math.ceil(options.stopDeadlineMs / 1000) + STOP_MARGIN_S;
  const main = path.join(options.installDir, 'packages/server/bundle/main.js');
  const lines = [
    '# Written by `npm run cli -- service install` (docs/service.md). Settings go in the',
    '# EnvironmentFile; after editing: systemctl restart balancer.',
    '[Unit]',
    'Description=Balancer trading platform',
    `Documentation=file://${path.join(options.installDir, 'docs/service.md')}`,
    'Wants=network-online.target',
    'After=network-online.target postgresql.service',
    // At most 5 failed starts in 5 minutes, then systemd stops retrying (systemctl reset-failed).
    'StartLimitIntervalSec=300',
    'StartLimitBurst=5',
    '',
    '[Service]',
    'Type=simple',
    `User=${options.user}`,
    `Group=${options.user}`,
    `WorkingDirectory=${options.installDir}`,
    `Environment=BALANCER_DATA_DIR=${options.dataDir}`,
    `EnvironmentFile=${options.environmentFile}`,
    `ExecStart=${[options.nodePath, ...SERVER_NODE_FLAGS, main].join(' ')}`,
    'Restart=on-failure',
    'RestartSec=5',
    'KillSignal=SIGTERM',
    'KillMode=mixed',
    `TimeoutStopSec=${stopSeconds}`,
    'LimitNOFILE=65536',
    'UMask=0077',
    ...(privileged
      ? ['AmbientCapabilities=CAP_NET_BIND_SERVICE', 'CapabilityBoundingSet=CAP_NET_BIND_SERVICE']
      : ['CapabilityBoundingSet=']),
    'NoNewPrivileges=true',
    'ProtectSystem=strict',
    `ReadWritePaths=${options.dataDir}`,
    `ProtectHome=${inHome ? 'read-only' : 'true'}`,
    'PrivateTmp=true',
    'PrivateDevices=true',
    'ProtectKernelTunables=true',
    'ProtectKernelModules=true',
    'ProtectControlGroups=true',
    'RestrictSUIDSGID=true',
    'LockPersonality=true',
    '',
    '[Install]',
    'WantedBy=multi-user.target',
    '',
  ];
  return lines.join('\n');
}
