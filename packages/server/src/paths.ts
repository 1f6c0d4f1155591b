import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Every file the server finds by its own location is named here, from this module's place. It
// sits one folder below the package in all three ways the server runs: src/paths.ts (tests, tsx),
// dist/paths.js (tsc's build) and bundle/*.js (the bundle `npm start` runs, whose files all sit
// flat in bundle/). A path worked out anywhere else would break in the bundle.

/** packages/server/ */
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The repository (install) root: two folders above the server package. */
export const INSTALL_ROOT = path.resolve(SERVER_ROOT, '../..') + path.sep;

/** The built web app the server hosts by default. */
export const DEFAULT_WEB_ROOT = path.join(INSTALL_ROOT, 'packages/web/dist') + path.sep;

/** The shipped candle files (market-data/*.csv.gz) the lab's backtests may replay. */
export const SHIPPED_DATA_DIR = path.join(INSTALL_ROOT, 'market-data');

/** The shipped real candles the simulator replays (market-data/README.md). */
export const SIMULATOR_DATA_FILE = path.join(SHIPPED_DATA_DIR, 'binance-btcusdt-15m.csv.gz');

/** Whether this is the TypeScript source (vitest, tsx) rather than a build. */
export const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

/** The embedded database's worker thread: the built one, or the source under tsx. */
export const EMBEDDED_WORKER_FILE = RUNNING_FROM_SOURCE
  ? path.join(SERVER_ROOT, 'src/db/embedded/worker.ts')
  : path.join(SERVER_ROOT, 'dist/db/embedded/worker.js');

/**
 * The embedded database's template (db/embedded/template.ts): made by the build, copied into a new
 * data folder instead of running PGlite's initdb there.
 */
export const EMBEDDED_TEMPLATE_DIR = path.join(SERVER_ROOT, 'pglite-template');

/**
 * The lab's backtest worker thread (engine backtest/jobs/worker): engine's build, or its source
 * under tsx. Not bundled: a worker is its own module graph, so it runs from engine's dist/.
 */
export const BACKTEST_WORKER_FILE = {
  path: RUNNING_FROM_SOURCE
    ? path.join(INSTALL_ROOT, 'packages/engine/src/backtest/jobs/worker.ts')
    : path.join(INSTALL_ROOT, 'packages/engine/dist/backtest/jobs/worker.js'),
  fromSource: RUNNING_FROM_SOURCE,
};

/** The server package's version (packages/server/package.json), read once. */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
