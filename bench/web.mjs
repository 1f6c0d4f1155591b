// Web benchmark: the landing page's first-load weight and its Lighthouse mobile scores, against
// the built server serving the built web app. Prints its figures as the last line, `BENCH {json}`.
// The web app comes from TEST_WEB_ROOT or WEB_ROOT when set (a build of one's own), else
// packages/web/dist (which `npm run bench` builds first). Runs through tsx (bench/run.mjs) for
// the browser helpers of packages/web/src/testing; chromium is Debian's (CHROMIUM_PATH).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, spawnServer } from '../packages/server/.tsbuild/testing/index.js';
import { recordFirstLoad, reportFirstLoad } from './first-load.mjs';
import { median } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_ROOT = process.env.TEST_WEB_ROOT ?? process.env.WEB_ROOT ?? path.join(ROOT, 'packages/web/dist');
const LIGHTHOUSE_RUNS = 3;
const LIGHTHOUSE_RETRIES = 2;

// The web tests' chromium helpers (Debian's chromium and this machine's flags), TypeScript run
// through tsx; the path is computed because scripts/tsconfig.json does not reference packages/web.
/** @type {{ CHROMIUM: string, CHROMIUM_ARGS: string[], launchBrowser: () => Promise<import('playwright-core').Browser> }} */
const { CHROMIUM, CHROMIUM_ARGS, launchBrowser } = await import(
  pathToFileURL(path.join(ROOT, 'packages/web/src/testing/browser.ts')).href
);

/**
 * Every script and style the landing page fetches on its first load, until the network is idle,
 * in a 1280×800 window (more of the page above the fold than on a phone) with no scrolling or
 * clicks: what loads only when scrolled to or opened is left out. Sizes are gzip level 9 of each
 * body, in kB (1000 bytes). The service worker is blocked: its precache download of the later
 * screens starts after the load and is not part of the landing page.
 * @param {string} url
 */
async function landingWeight(url) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const loadedFiles = recordFirstLoad(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    const loaded = await loadedFiles();
    await context.close();
    return loaded;
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse 12 with its default (mobile, simulated throttling) config, performance and
 * accessibility only, on one chromium for all runs; each run starts from cleared storage.
 * @param {string} url
 */
async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  try {
    const runs = [];
    // A run Lighthouse itself could not record (runtimeError, e.g. NO_NAVSTART: it scores 0 and
    // measures nothing) is kept in the output but run again, at most LIGHTHOUSE_RETRIES times.
    let retries = LIGHTHOUSE_RETRIES;
    while (runs.filter((lhr) => !lhr.runtimeError).length < LIGHTHOUSE_RUNS) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error('lighthouse returned no result');
      runs.push(result.lhr);
      if (result.lhr.runtimeError && retries-- === 0) break;
    }
    return runs;
  } finally {
    await chrome.kill();
  }
}

/** @param {import('lighthouse').Result} lhr */
function failingAccessibilityAudits(lhr) {
  return (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => audit?.title ?? '');
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-web-'));
const server = await spawnServer(
  { BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()), WEB_ROOT, LOG_LEVEL: 'warn' },
  60_000,
);
try {
  const url = `${server.url}/`;
  const loaded = await landingWeight(url);
  const gzipKb = reportFirstLoad(loaded);

  const runs = await lighthouseScores(url);
  const recorded = runs.filter((lhr) => !lhr.runtimeError);
  const score = (/** @type {'performance'|'accessibility'} */ id) =>
    median(recorded.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
  for (const lhr of runs) {
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
      .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    // A failed run (no paint, a timeout) scores 0: say why, so it is not mistaken for a slow page.
    if (lhr.runtimeError)
      process.stdout.write(`lighthouse run failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}\n`);
    process.stdout.write(
      `lighthouse run: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, accessibility ${Math.round((lhr.categories.accessibility?.score ?? 0) * 100)}; ${metrics}\n`,
    );
  }
  const accessibility = score('accessibility');
  if (accessibility < 100) {
    const failing = new Set(recorded.flatMap(failingAccessibilityAudits));
    for (const title of failing) process.stdout.write(`accessibility audit failing: ${title}\n`);
  }
  const figures = {
    landing_js_css_gzip_kb: Math.round(gzipKb * 10) / 10,
    lighthouse_performance: score('performance'),
    lighthouse_accessibility: accessibility,
  };
  process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
