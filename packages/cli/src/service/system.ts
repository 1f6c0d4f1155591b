import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The parts of the machine service install acts on (tests run them for real, as they are). */
export interface ServiceSystem {
  /** The effective uid (0: root, allowed to create users and write /etc). */
  uid: number;
  /** True when systemd is PID 1 (not in most containers): only then can systemctl work. */
  systemdRunning: boolean;
  /** The uid and gid of a user, or undefined when there is no such user. */
  lookupUser(name: string): { uid: number; gid: number } | undefined;
  /** Runs a command (no shell); returns its exit code and what it printed. */
  run(command: string, args: readonly string[]): { status: number; output: string };
}

function run(command: string, args: readonly string[]): { status: number; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 30_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error.message) : ''}`;
  return { status: result.status ?? 1, output: output.trim() };
}

function readPid1(): string {
  try {
    return readFileSync('/proc/1/comm', 'utf8').trim();
  } catch {
    return '';
  }
}

/** This machine. */
export function localSystem(): ServiceSystem {
  return {
    uid: process.getuid?.() ?? -1,
    systemdRunning: readPid1() === 'systemd',
    lookupUser: (name) => {
      const uid = run('id', ['-u', name]);
      const gid = run('id', ['-g', name]);
      if (uid.status !== 0 || gid.status !== 0) return undefined;
      return { uid: Number(uid.output), gid: Number(gid.output) };
    },
    run,
  };
}
