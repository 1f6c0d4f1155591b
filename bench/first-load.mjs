// The first-load weight both web benchmarks measure (web.mjs for the landing page, app.mjs for
// /app): every script and style a page fetches, with each body's size raw and gzip level 9.
import { gzipSync } from 'node:zlib';

/** @typedef {{ file: string, raw: number, gzip: number }} LoadedFile */

/**
 * Starts recording the scripts and styles `page` fetches; call the answer once the load is over
 * (network idle) to get every file, in the order the responses arrived.
 * @param {import('playwright-core').Page} page @returns {() => Promise<LoadedFile[]>}
 */
export function recordFirstLoad(page) {
  /** @type {Promise<LoadedFile>[]} */
  const files = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    files.push(
      response.body().then((body) => ({
        file: new URL(response.url()).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      })),
    );
  });
  return () => Promise.all(files);
}

/**
 * Prints one `first load:` line per file and answers the gzip total in kB (1000 bytes).
 * @param {LoadedFile[]} loaded
 */
export function reportFirstLoad(loaded) {
  for (const file of loaded) {
    process.stdout.write(
      `first load: ${file.file} ${(file.raw / 1000).toFixed(1)} kB raw, ${(file.gzip / 1000).toFixed(1)} kB gzip\n`,
    );
  }
  return loaded.reduce((sum, file) => sum + file.gzip, 0) / 1000;
}
