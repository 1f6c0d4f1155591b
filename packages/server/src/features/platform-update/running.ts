import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import type { RunningComponent } from '@balancer/core';
import { INSTALL_ROOT } from '../../paths.js';
import { readInstallCommit } from './git-info.js';

export { INSTALL_ROOT };

/** `version` of a package.json; null when the file is missing or has none (a GUI this install lacks). */
export function packageVersion(file: string): string | null {
  try {
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/**
 * The systemd service this process runs as, or null: systemd sets INVOCATION_ID for every unit it
 * starts (systemd.exec(5)), and a shell or `npm start` does not. The user is whom the unit runs as.
 */
export function systemdService(
  env: Record<string, string | undefined>,
  currentUser: () => string = () => userInfo().username,
): { user: string } | null {
  if (!env.INVOCATION_ID) return null;
  try {
    return { user: currentUser() };
  } catch {
    // No passwd entry for this uid (a bare container): the unit's default user.
    return { user: 'balancer' };
  }
}

export interface RunningVersions {
  api: RunningComponent;
  gui: RunningComponent;
  /** Whether `root` is a git checkout (the upgrade steps differ). */
  gitCheckout: boolean;
}

/**
 * What this install runs: the server's and the web app's package versions and the one commit
 * both were built from. Read once at start; nothing here throws.
 */
export function readRunningVersions(root: string = INSTALL_ROOT): RunningVersions {
  const commit = readInstallCommit(root);
  const version = (name: string) => packageVersion(path.join(root, 'packages', name, 'package.json'));
  return {
    api: { version: version('server'), ...commit },
    gui: { version: version('web'), ...commit },
    // A worktree's .git is a file: still a checkout.
    gitCheckout: existsSync(path.join(root, '.git')),
  };
}
