import { isCodedError } from '@balancer/core';
import { ConfigError, loadConfig } from './config/load.js';
import { openDatabaseEarly } from './db/embedded/early.js';
import type { Running } from './platform/start.js';
import { armStopDeadline, STOP_BUDGET } from './platform/stop.js';

// Only the configuration and the database's modules load before main(): the database opens while
// platform/start.ts and everything it needs (Fastify, the features, the engine) load after it.

/**
 * Signal handlers are installed before anything else: a signal with no handler kills the process
 * at once (mid-migration, say). One that arrives during start-up is honoured as soon as the
 * platform is up. Under `npm start` one Ctrl-C arrives twice (from the terminal to the whole
 * process group, and forwarded by npm to its child): a repeat within REPEAT_MS is that same
 * request. A later one is an operator's second Ctrl-C: a forced quit.
 */
const REPEAT_MS = 1_000;
let requested: NodeJS.Signals | null = null;
let onSignal: ((signal: NodeJS.Signals) => void) | null = null;
let firstSignalAt: number | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    const now = performance.now(); // a monotonic interval, not a time of day (shared/clock.ts)
    if (firstSignalAt === null) {
      firstSignalAt = now;
      if (onSignal) onSignal(signal);
      else requested ??= signal;
    } else if (now - firstSignalAt >= REPEAT_MS) {
      process.stderr.write(`Balancer: ${signal} again, quitting without finishing the stop\n`);
      process.exit(130);
    }
  });
}

/** With TLS on: the certificate's fingerprint, to compare on a device before trusting it. */
function certificateLines({ tls, httpPort }: Running): string {
  if (!tls) return '';
  const { fingerprint256, names } = tls.describe();
  const lines = [
    `  Certificate (${tls.mode}) SHA-256 fingerprint:`,
    `    ${fingerprint256}`,
    `  Valid for: ${names.join(', ')}`,
  ];
  if (httpPort !== null) lines.push(`  Plain HTTP on port ${httpPort} redirects to HTTPS`);
  return `${lines.join('\n')}\n`;
}

function stopOn(running: Running, signal: NodeJS.Signals): void {
  const { logger } = running;
  logger.info({ signal }, 'shutting down: no new requests, finishing the ones in flight');
  // The stop keeps to its budget (platform/stop.ts); should anything still hang, the process ends.
  armStopDeadline({
    ms: STOP_BUDGET.deadlineMs,
    pending: () => running.stopPending(),
    logger,
    exit: (code) => process.exit(code),
  });
  running
    .stop()
    .then(() => {
      logger.info('stopped cleanly');
      process.exit(0);
    })
    .catch((error) => {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    });
}

async function main(): Promise<void> {
  let loaded: ReturnType<typeof loadConfig>;
  try {
    loaded = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Balancer cannot start: the configuration is invalid (code ${error.code}):\n`);
      for (const problem of error.problems) process.stderr.write(`  - ${problem}\n`);
      process.stderr.write('See the Configuration section of README.md.\n');
      process.exit(1);
    }
    throw error;
  }

  // The embedded database opens on its own thread while the rest of the server loads (~1 s each).
  openDatabaseEarly({ databaseUrl: loaded.config.DATABASE_URL, dataDir: loaded.config.BALANCER_DATA_DIR });
  let running: Running;
  try {
    // The open itself (PostgreSQL's too), before the rest of the server loads; it takes over the thread.
    const { EarlyDatabase } = await import('./platform/early-database.js');
    const database = new EarlyDatabase(loaded.config);
    const { startPlatform } = await import('./platform/start.js');
    running = await startPlatform({ loaded, database });
  } catch (error) {
    const message = isCodedError(error) ? error.codedMessage : (error as Error).stack;
    process.stderr.write(`Balancer could not start: ${message}\n`);
    process.exit(1);
  }

  onSignal = (signal) => stopOn(running, signal);
  if (requested) {
    stopOn(running, requested);
    return;
  }
  running.logger.info({ url: running.url }, 'Balancer is ready');
  process.stdout.write(`\n  Balancer is running at ${running.url}\n${certificateLines(running)}\n`);
}

void main();
