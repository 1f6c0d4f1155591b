// The embedded database's template (packages/server/src/db/embedded/template.ts): made by
// `npm start`, `npm run build` and `npm test` after tsc, once per installed PGlite version, in a
// process of its own (initdb holds ~800 MB there for a few seconds, no more than tsc's build
// beside it; the server's first start then copies ~40 MB of files instead).
// `node scripts/pglite-template.mjs DIR` is that process.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT, run } from './build-lib.mjs';

const TEMPLATE_MODULE = path.join(ROOT, 'packages/server/dist/db/embedded/template.js');
const PATHS_MODULE = path.join(ROOT, 'packages/server/dist/paths.js');

/** @returns {Promise<typeof import('../packages/server/src/db/embedded/template.js')>} */
const template = () => import(pathToFileURL(TEMPLATE_MODULE).href);

/**
 * Makes the template unless the one in place fits the installed PGlite (build the server first:
 * tsc -b). Returns whether it made one.
 */
export async function buildPgliteTemplate({ force = false } = {}) {
  /** @type {{ EMBEDDED_TEMPLATE_DIR: string }} */
  const { EMBEDDED_TEMPLATE_DIR } = await import(pathToFileURL(PATHS_MODULE).href);
  if (!force && existsSync(EMBEDDED_TEMPLATE_DIR) && (await template()).templateFits(EMBEDDED_TEMPLATE_DIR))
    return false;
  process.stdout.write('Making the embedded database template (once per PGlite version)…\n');
  run(process.execPath, [fileURLToPath(import.meta.url), EMBEDDED_TEMPLATE_DIR]);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2]) {
  await (await template()).makeTemplate(process.argv[2]);
}
