import type { UpgradeStep } from '@balancer/core';

/** What the steps depend on, read from this install (never secrets: no DATABASE_URL). */
export interface InstallFacts {
  /** The folder Balancer runs from. */
  root: string;
  /** A git checkout (`git pull`) or an unpacked release archive (download again). */
  gitCheckout: boolean;
  /** PostgreSQL through DATABASE_URL, else the embedded PGlite database in `dataDir`. */
  postgres: boolean;
  dataDir: string;
  /** The latest release's page, when its manifest names one. */
  releaseUrl: string | null;
  /** The code host's releases page (from SOURCE_CODE_URL), or null when it is not configured. */
  releasesPage: string | null;
  /**
   * The systemd service this process runs as (`npm run cli -- service install` writes
   * balancer.service), or null when it was started some other way (`npm start`).
   */
  service: { user: string } | null;
}

/** The unit `npm run cli -- service install` writes (docs/service.md). */
export const SERVICE_UNIT = 'balancer';

/**
 * The upgrade steps for this install, in order (docs/platform-update.md explains each). Titles and
 * notes are plain text (the screen shows them as they are, so no markdown); commands are shown as code.
 */
export function upgradeSteps(facts: InstallFacts): UpgradeStep[] {
  const database = facts.postgres
    ? 'The backup holds the PostgreSQL database named by DATABASE_URL; a pg_dump of it is a second copy.'
    : `The embedded database lives in ${facts.dataDir}; while the platform is stopped a copy of that folder is a second backup.`;
  const code: UpgradeStep = facts.gitCheckout
    ? {
        title: 'Get the new version',
        command: 'git pull --ff-only',
        note: `Run it in ${facts.root}. Local changes to tracked files stop the pull: keep them elsewhere first.`,
      }
    : {
        title: 'Get the new version',
        note: `Download the release from ${facts.releaseUrl ?? facts.releasesPage ?? 'the project’s releases page (SOURCE_CODE_URL is not set on this install)'} and unpack it over ${facts.root}, keeping your configuration and the data folder ${facts.dataDir} (its secrets.json cannot be made again).`,
      };
  if (facts.service) return serviceSteps(facts, facts.service.user, database, code);
  return [
    { title: 'Back up first', command: 'npm run cli -- backup <file>', note: database },
    {
      title: 'Stop the platform',
      note: 'Press Ctrl+C in the terminal running npm start, or send it a SIGTERM (kill PID). The engine finishes the order in flight before it exits.',
    },
    code,
    { title: 'Install the dependencies', command: 'npm ci' },
    {
      title: 'Start the platform',
      command: 'npm start',
      note: 'It builds what changed and applies the database migrations before it serves.',
    },
    VERIFY,
  ];
}

const VERIFY: UpgradeStep = {
  title: 'Verify',
  note: 'Sign in and open this screen again: the running versions should equal the latest ones.',
};

/** The same steps for the systemd service: systemctl stops and starts it, and the build is a step of its own. */
function serviceSteps(facts: InstallFacts, user: string, database: string, code: UpgradeStep): UpgradeStep[] {
  const settings = facts.postgres ? ', and with the service’s DATABASE_URL in its environment' : '';
  return [
    {
      title: 'Back up first',
      command: `sudo -u ${user} npm run cli -- backup <file> --data-dir ${facts.dataDir}`,
      note: `Run it in ${facts.root} as ${user}, the user the service runs as (only it may read the data folder${settings}). ${database}`,
    },
    {
      title: 'Stop the platform',
      command: `sudo systemctl stop ${SERVICE_UNIT}`,
      note: 'systemd sends SIGTERM and waits; the engine finishes the order in flight before it exits.',
    },
    code,
    { title: 'Install the dependencies', command: 'npm ci' },
    {
      title: 'Build',
      command: 'npm run build',
      note: 'The service runs the built server and builds nothing itself: build before starting it.',
    },
    {
      title: 'Start the platform',
      command: `sudo systemctl start ${SERVICE_UNIT}`,
      note: `It applies the database migrations before it serves; journalctl -u ${SERVICE_UNIT} shows which.`,
    },
    VERIFY,
  ];
}
