// The server as one bundle (packages/server/bundle/): what `npm start` and the spawned-server tests
// run. tsc's build (dist/) is ~600 module files plus ~1,000 of its dependencies; Node 20 resolves,
// reads and compiles each one before the server can listen, about half of a start. esbuild joins
// them into a few files (one per lazily loaded part: TLS, ACME, QR codes…) in ~1 s, and only when
// one of its inputs changed since the last bundle.
//
// Left outside (loaded from node_modules as before): native addons and what loads files beside
// itself at run time: PGlite (its WASM and data files), argon2 and bufferutil (native), ccxt (large,
// loaded only for a real exchange), systeminformation (reads its own files), pino-pretty's worker.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-lib.mjs';

const SERVER = path.join(ROOT, 'packages/server');
export const BUNDLE_DIR = path.join(SERVER, 'bundle');
export const BUNDLE_MAIN = path.join(BUNDLE_DIR, 'main.js');
const INPUTS = path.join(BUNDLE_DIR, 'inputs.json');
const OUTPUTS = path.join(BUNDLE_DIR, 'outputs.json');

export const BUNDLE_EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  'bufferutil',
  'utf-8-validate',
  'ccxt',
  'systeminformation',
  'pino-pretty',
  'thread-stream',
];

/** Whether the last bundle is missing or older than any file it was made from. */
function stale() {
  if (!existsSync(BUNDLE_MAIN) || !existsSync(INPUTS)) return true;
  const built = statSync(BUNDLE_MAIN).mtimeMs;
  /** @type {string[]} */
  const inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
  return inputs.some((file) => !existsSync(file) || statSync(file).mtimeMs > built);
}

/**
 * Bundles packages/server/dist/main.js (build it first: tsc -b) unless the bundle is up to date.
 * Returns whether it bundled.
 */
export async function bundleServer({ force = false } = {}) {
  if (!force && !stale()) return false;
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: SERVER,
    entryPoints: ['dist/main.js'],
    outdir: 'bundle',
    // Chunks sit flat beside main.js, one folder below the package like src/ and dist/: the paths
    // of src/paths.ts hold in all three.
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Names kept: error classes and stack traces read as in the sources.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    external: BUNDLE_EXTERNAL,
    // The CommonJS dependencies inside call require() for Node's own modules and the externals.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).map((file) => path.resolve(SERVER, file));
  writeFileSync(INPUTS, JSON.stringify(inputs));
  keepTwoBuilds(Object.keys(result.metafile.outputs).map((file) => path.basename(file)));
  return true;
}

/**
 * Deletes the files of bundles older than the previous one. A server still running the previous
 * bundle (`npm run build` before its restart) may yet import one of its lazily loaded chunks,
 * named by content hash: those stay until the next build.
 * @param {string[]} outputs the new bundle's file names
 */
function keepTwoBuilds(outputs) {
  /** @type {string[]} */
  const previous = existsSync(OUTPUTS) ? JSON.parse(readFileSync(OUTPUTS, 'utf8')) : [];
  const keep = new Set([...outputs, ...previous, path.basename(INPUTS), path.basename(OUTPUTS)]);
  for (const file of readdirSync(BUNDLE_DIR)) {
    if (!keep.has(file)) rmSync(path.join(BUNDLE_DIR, file), { force: true });
  }
  writeFileSync(OUTPUTS, JSON.stringify(outputs));
}
