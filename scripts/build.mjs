// `npm run build`: every TypeScript project, the server's bundle and the web app (skipping what is up to date).
import { buildTypeScript, buildWeb } from './build-lib.mjs';
import { buildPgliteTemplate } from './pglite-template.mjs';
import { bundleServer } from './server-bundle.mjs';

const force = process.argv.includes('--force');
buildTypeScript();
await bundleServer({ force });
await buildPgliteTemplate({ force });
buildWeb({ force });
