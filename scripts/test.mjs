// `npm test`: typecheck (and build), lint, web build, then every vitest project:
// unit, database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set) and browser.

import path from 'node:path';
import { buildTypeScript, buildWeb, ROOT, run } from './build-lib.mjs';
import { buildPgliteTemplate } from './pglite-template.mjs';
import { bundleServer } from './server-bundle.mjs';

/** @param {string} title */
const step = (title) => process.stdout.write(`\n== ${title}\n`);

step('typecheck and build (tsc -b, the server bundle)');
buildTypeScript();
await bundleServer();
await buildPgliteTemplate();
step('lint and format check (biome ci)');
run(path.join(ROOT, 'node_modules/.bin/biome'), ['ci', '.']);
step('web build');
if (!buildWeb()) process.stdout.write('web app up to date\n');
step('tests (vitest: unit, db, browser)');
if (!process.env.TEST_DATABASE_URL) {
  process.stdout.write(
    'PostgreSQL half SKIPPED: TEST_DATABASE_URL is not set (database tests run on PGlite only)\n',
  );
}
run(path.join(ROOT, 'node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)]);
