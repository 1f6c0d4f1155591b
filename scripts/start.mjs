// `npm start`: build what is stale (tsc, the server's bundle, the web app), then run the bundled
// server in this process (it handles the signals).

import { pathToFileURL } from 'node:url';
import { buildTypeScript, buildWeb } from './build-lib.mjs';
import { buildPgliteTemplate } from './pglite-template.mjs';
import { BUNDLE_MAIN, bundleServer } from './server-bundle.mjs';

buildTypeScript('packages/server');
await bundleServer();
await buildPgliteTemplate();
buildWeb();
await import(pathToFileURL(BUNDLE_MAIN).href);
