// `npm run build`: every TypeScript project and the web app (skipping what is up to date).
import { buildTypeScript, buildWeb } from './build-lib.mjs';

buildTypeScript();
buildWeb({ force: process.argv.includes('--force') });
