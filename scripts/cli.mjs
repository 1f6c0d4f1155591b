// `npm run cli -- …`: builds the cli only when its sources changed since its last build (build-lib's
// buildCli), then runs it in this process: a command on a built tree starts at once.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCli, ROOT } from './build-lib.mjs';

buildCli();
await import(pathToFileURL(path.join(ROOT, 'packages/cli/dist/main.js')).href);
