import { bundleServer } from './server-bundle.mjs';

/**
 * The db and browser projects spawn the bundled server (packages/server/bundle/main.js, what
 * `npm start` runs): bundle it from tsc's build when that changed since (npm test builds first;
 * a vitest run on its own after `tsc -b` gets the same).
 */
export default async function setup() {
  if (await bundleServer()) process.stdout.write('Bundled the server (packages/server/bundle/).\n');
}
