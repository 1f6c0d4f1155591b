import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DoctorCheck, DoctorReport } from '@balancer/core';
import type { CliIo } from '../cli.js';
import { CliError } from '../cli-error.js';
import { INSTALL_DIR } from '../service/paths.js';
import { parseSettings, resolveSettings, unknownSettings } from '../service/settings-file.js';
import { fail, warn, withDeadline } from './check.js';
import { judgeSecretFile } from './judge-files.js';
import { judgePort, judgeReach } from './judge-network.js';
import { judgeNodeVersion } from './judge-node.js';
import { checkClock } from './probe-clock.js';
import { checkDatabase } from './probe-database.js';
import { checkDataFolder } from './probe-files.js';
import { checkExchangeKeys } from './probe-keys.js';
import { probePort } from './probe-port.js';
import { formatReport } from './report.js';
import { checkTls } from './tls-checks.js';
import type { DoctorFlags } from './usage.js';

/** Each probe's deadline: they run side by side, so doctor answers in well under 2 s. */
export const PROBE_MS = 1_200;
/** The exchange's clock: ccxt's import alone takes ~0.5 s on an idle small machine. */
export const CLOCK_MS = 1_600;
/**
 * The live keys' check (live mode only): loading the server's code, opening the database where no
 * server holds it, and a signed request or two to the exchange take seconds, not milliseconds.
 */
export const KEYS_MS = 10_000;

export interface DoctorOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** What doctor found about the --settings file itself (its mode, unknown keys). */
  settingsChecks?: readonly DoctorCheck[];
  cwd: string;
  /** Wall time, epoch ms. */
  now: () => number;
}

const late = (check: string, ms: number) =>
  fail(
    check,
    `no answer within ${ms} ms`,
    'check the network path to it (firewall, DNS, the address in the settings)',
  );

/** Every check, side by side, each against its own deadline. */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const started = options.now();
  const engines = (
    JSON.parse(readFileSync(path.join(INSTALL_DIR, 'package.json'), 'utf8')) as { engines: { node: string } }
  ).engines.node;
  const checks: DoctorCheck[] = [judgeNodeVersion(process.versions.node, engines)];
  checks.push(...(options.settingsChecks ?? []));
  const resolved = resolveSettings(options.env);
  if (!resolved.ok) {
    checks.push(
      fail('settings', resolved.problems.join('; '), 'correct these settings (README.md, Configuration)'),
    );
    return { ok: false, tookMs: options.now() - started, checks };
  }
  const config = {
    ...resolved.config,
    BALANCER_DATA_DIR: path.resolve(options.cwd, resolved.config.BALANCER_DATA_DIR),
  };
  const https = config.TLS !== 'off';
  checks.push(...checkDataFolder(config.BALANCER_DATA_DIR), judgeReach(config));
  const ports: { key: 'PORT' | 'HTTP_PORT'; port: number; https: boolean }[] = [
    { key: 'PORT', port: config.PORT, https },
  ];
  if (https && config.HTTP_PORT > 0) ports.push({ key: 'HTTP_PORT', port: config.HTTP_PORT, https: false });
  const [portResults, database, clock, keys] = await Promise.all([
    Promise.all(
      ports.map(async ({ key, port, https: secure }) => ({
        key,
        found: await probePort(config.HOST, port, secure, PROBE_MS),
        port,
      })),
    ),
    withDeadline('database', PROBE_MS + 200, () => checkDatabase(config, PROBE_MS), late),
    withDeadline(
      'clock',
      PROBE_MS + 200,
      () => checkClock(config, PROBE_MS),
      (check, ms) =>
        warn(
          check,
          `${config.EXCHANGE} did not tell its time within ${ms} ms`,
          'check the network to the exchange (DNS, firewall) and EXCHANGE_API_URL if set',
        ),
    ),
    withDeadline(
      'exchange keys',
      KEYS_MS,
      () => checkExchangeKeys(config, { env: options.env, cwd: options.cwd }),
      (check, ms) =>
        fail(
          check,
          `${config.EXCHANGE} did not answer about the keys within ${ms} ms`,
          'check the network to the exchange (DNS, firewall) and EXCHANGE_API_URL if set',
        ),
    ),
  ]);
  checks.push(...portResults.map(({ key, port, found }) => judgePort(key, port, config.HOST, found)));
  const running = portResults[0]?.found.state === 'balancer';
  checks.push(...database);
  checks.push(
    ...(await withDeadline(
      'tls',
      PROBE_MS,
      () => checkTls(config, running, PROBE_MS / 2, options.now()),
      late,
    )),
  );
  checks.push(...clock, ...keys);
  return { ok: checks.every((check) => check.status !== 'fail'), tookMs: options.now() - started, checks };
}

/** `doctor`: the report as text (or JSON); exit code 1 when a check failed. */
export async function doctorCommand(
  args: string[],
  flags: DoctorFlags,
  _io: CliIo,
): Promise<{ text: string; exitCode: number }> {
  if (args.length > 0) throw new CliError(`doctor takes no arguments: ${args.join(' ')}`);
  const env: Record<string, string | undefined> = { ...process.env };
  const settingsChecks: DoctorCheck[] = [];
  if (flags.settings) {
    const file = flags.settings;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new CliError(
        `cannot read ${file} (${(error as NodeJS.ErrnoException).code}): run doctor as root for the service's settings file`,
      );
    }
    const settings = parseSettings(text);
    Object.assign(env, settings);
    // It may hold DATABASE_URL's password or exchange keys: a secret file like the others.
    settingsChecks.push(judgeSecretFile(file, statSync(file).mode, 'settings file'));
    const unknown = unknownSettings(settings);
    if (unknown.length > 0) {
      settingsChecks.push(
        warn(
          'settings',
          `unknown keys in ${file}: ${unknown.join(', ')}`,
          'correct their names (README.md, Configuration); they are ignored',
        ),
      );
    }
  }
  if (flags['data-dir']) env.BALANCER_DATA_DIR = flags['data-dir'];
  const report = await runDoctor({ env, settingsChecks, cwd: process.cwd(), now: Date.now });
  return {
    text: flags.json ? `${JSON.stringify(report)}\n` : formatReport(report),
    exitCode: report.ok ? 0 : 1,
  };
}
