import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { STOP_BUDGET } from '@balancer/server/ops';
import { CliError } from '../cli-error.js';
import { currentNode, INSTALL_DIR, SERVICE_DEFAULTS } from './paths.js';
import { parseSettings, resolveSettings, SETTINGS_TEMPLATE, unknownSettings } from './settings-file.js';
import type { ServiceSystem } from './system.js';
import { buildUnit } from './unit-file.js';

export interface ServiceOptions {
  user?: string | undefined;
  dataDir?: string | undefined;
  unitFile?: string | undefined;
  envFile?: string | undefined;
  dryRun?: boolean;
  /** Defaults: this checkout and this node (tests point them elsewhere). */
  installDir?: string;
  nodePath?: string;
}

interface Plan {
  user: string;
  dataDir: string;
  unitFile: string;
  envFile: string;
  unit: string;
}

/** The unit service install would write, from the settings file when it exists. */
export function planService(options: ServiceOptions): Plan {
  const user = options.user ?? SERVICE_DEFAULTS.user;
  const dataDir = path.resolve(options.dataDir ?? SERVICE_DEFAULTS.dataDir);
  const unitFile = path.resolve(options.unitFile ?? SERVICE_DEFAULTS.unitFile);
  const envFile = path.resolve(options.envFile ?? SERVICE_DEFAULTS.envFile);
  const installDir = options.installDir ?? INSTALL_DIR;
  const settings = existsSync(envFile) ? parseSettings(readFileSync(envFile, 'utf8')) : {};
  const resolved = resolveSettings({ ...settings, BALANCER_DATA_DIR: dataDir });
  const unknown = unknownSettings(settings).map((key) => `${key}: unknown setting`);
  const problems = [...unknown, ...(resolved.ok ? [] : resolved.problems)];
  if (!resolved.ok || problems.length > 0) {
    throw new CliError(`the settings in ${envFile} are invalid:\n  - ${problems.join('\n  - ')}`);
  }
  let unit: string;
  try {
    unit = buildUnit({
      user,
      installDir,
      nodePath: options.nodePath ?? currentNode(),
      dataDir,
      environmentFile: envFile,
      ports: [resolved.config.PORT, resolved.config.HTTP_PORT],
      stopDeadlineMs: STOP_BUDGET.deadlineMs,
    });
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  return { user, dataDir, unitFile, envFile, unit };
}

const NEXT_STEPS = (unitName: string) =>
  [
    'Next:',
    '  systemctl daemon-reload',
    `  systemctl enable --now ${unitName}`,
    `  journalctl -u ${unitName} -f`,
  ].join('\n');

function unitName(unitFile: string): string {
  return path.basename(unitFile, '.service');
}

/** Creates the user when missing (as root), else says how. */
function ensureUser(plan: Plan, system: ServiceSystem, said: string[], todo: string[]): void {
  if (system.lookupUser(plan.user)) return;
  const args = [
    '--system',
    '--user-group',
    '--home-dir',
    plan.dataDir,
    '--no-create-home',
    '--shell',
    '/usr/sbin/nologin',
    plan.user,
  ];
  if (system.uid !== 0) {
    todo.push(`useradd ${args.join(' ')}`);
    return;
  }
  const made = system.run('useradd', args);
  if (made.status !== 0) throw new CliError(`useradd failed: ${made.output}`);
  said.push(`created the system user ${plan.user}`);
}

/** The data folder: created 0700, owned by the service user. */
function ensureDataDir(plan: Plan, system: ServiceSystem, said: string[], todo: string[]): void {
  if (!existsSync(plan.dataDir)) {
    mkdirSync(plan.dataDir, { recursive: true, mode: 0o700 });
    said.push(`created ${plan.dataDir} (0700)`);
  }
  const owner = system.lookupUser(plan.user);
  const stat = statSync(plan.dataDir);
  if (owner && stat.uid === owner.uid) return;
  if (system.uid === 0 && owner) {
    chownSync(plan.dataDir, owner.uid, owner.gid);
    said.push(`${plan.dataDir} now belongs to ${plan.user}`);
  } else {
    todo.push(`chown -R ${plan.user}:${plan.user} ${plan.dataDir} && chmod 700 ${plan.dataDir}`);
  }
}

function ensureSettingsFile(plan: Plan, said: string[]): void {
  if (existsSync(plan.envFile)) return;
  mkdirSync(path.dirname(plan.envFile), { recursive: true, mode: 0o755 });
  // 0600: it may hold DATABASE_URL's password or exchange keys; systemd reads it as root.
  writeFileSync(plan.envFile, SETTINGS_TEMPLATE, { mode: 0o600, flag: 'wx' });
  said.push(`wrote ${plan.envFile} (0600; every setting commented out)`);
}

/** `service install`: the user, data folder, settings file and unit; then the commands to start it. */
export function installService(options: ServiceOptions, system: ServiceSystem): string {
  if (!existsSync(path.join(options.installDir ?? INSTALL_DIR, 'packages/server/bundle/main.js'))) {
    throw new CliError(
      'the server is not built: run `npm run build` first (the service runs the build, it makes none)',
    );
  }
  const plan = planService(options);
  if (options.dryRun) {
    return `# ${plan.unitFile} (dry run: nothing written)\n${plan.unit}\n${NEXT_STEPS(unitName(plan.unitFile))}\n`;
  }
  const said: string[] = [];
  const todo: string[] = [];
  ensureUser(plan, system, said, todo);
  ensureDataDir(plan, system, said, todo);
  ensureSettingsFile(plan, said);
  mkdirSync(path.dirname(plan.unitFile), { recursive: true });
  writeFileSync(plan.unitFile, plan.unit, { mode: 0o644 });
  said.push(`wrote ${plan.unitFile}`);
  const name = unitName(plan.unitFile);
  const lines = [...said.map((line) => `- ${line}`)];
  if (todo.length > 0)
    lines.push('', 'Not root: run these as root first:', ...todo.map((line) => `  ${line}`));
  lines.push('', ...reload(system));
  lines.push(
    NEXT_STEPS(name),
    `Settings: ${plan.envFile}; check them with \`npm run cli -- doctor --settings ${plan.envFile} --data-dir ${plan.dataDir}\`.`,
  );
  return `${lines.join('\n')}\n`;
}

/** daemon-reload when it can work: as root with systemd as PID 1. */
function reload(system: ServiceSystem): string[] {
  if (!system.systemdRunning)
    return ['systemd is not PID 1 here (a container?): systemctl cannot load the unit on this machine.'];
  if (system.uid !== 0) return [];
  const done = system.run('systemctl', ['daemon-reload']);
  return [
    done.status === 0 ? 'ran systemctl daemon-reload' : `systemctl daemon-reload failed: ${done.output}`,
  ];
}

/** `service uninstall`: stops and disables the unit (when systemd runs), removes the unit file; keeps data and settings. */
export function uninstallService(options: ServiceOptions, system: ServiceSystem): string {
  const unitFile = path.resolve(options.unitFile ?? SERVICE_DEFAULTS.unitFile);
  const name = unitName(unitFile);
  if (!existsSync(unitFile)) throw new CliError(`there is no unit at ${unitFile}`);
  const lines: string[] = [];
  if (options.dryRun) return `would stop and disable ${name}, then remove ${unitFile}\n`;
  if (system.systemdRunning && system.uid === 0) {
    const stopped = system.run('systemctl', ['disable', '--now', name]);
    lines.push(
      stopped.status === 0
        ? `stopped and disabled ${name}`
        : `systemctl disable --now ${name}: ${stopped.output}`,
    );
  } else {
    lines.push(`first, where systemd runs: systemctl disable --now ${name}`);
  }
  rmSync(unitFile);
  lines.push(`removed ${unitFile}`, ...reload(system));
  lines.push(
    'Kept: the data folder, the settings file and the user (remove them yourself once you hold a backup).',
  );
  return `${lines.join('\n')}\n`;
}

/** `service print`: the unit install would write. */
export function printService(options: ServiceOptions): string {
  return planService(options).unit;
}
