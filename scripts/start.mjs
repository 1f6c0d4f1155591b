// `npm start`: build what is stale, then run the server in this process (it handles the signals).
import { buildTypeScript, buildWeb } from './build-lib.mjs';

buildTypeScript('packages/server');
buildWeb();
await import('../packages/server/dist/main.js');
