/// <reference lib="dom" />
// Signed-in app benchmark: the weight of /app's first load after sign-in and the dashboard's
// frame times while the chart follows the simulator's ticks. Prints `BENCH {json}` last.
// The web app comes from TEST_WEB_ROOT or WEB_ROOT when set (a build of one's own), else
// packages/web/dist. Runs through tsx (bench/run.mjs) for the web test helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, spawnServer } from '../packages/server/dist/testing/index.js';
import { recordFirstLoad, reportFirstLoad } from './first-load.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_ROOT = process.env.TEST_WEB_ROOT ?? process.env.WEB_ROOT ?? path.join(ROOT, 'packages/web/dist');
/** How long frames are recorded while the chart updates (ms). */
const FRAME_WINDOW_MS = 30_000;

const load = (/** @type {string} */ file) => import(pathToFileURL(path.join(ROOT, file)).href);
/** @type {{ launchBrowser: () => Promise<import('playwright-core').Browser> }} */
const { launchBrowser } = await load('packages/web/src/testing/browser.ts');
const { otpClock, rootOtpSecret, setPassword, TEST_PASSWORD } = await load(
  'packages/web/src/testing/sign-in.ts',
);

/**
 * Root's first run and a sign-in through the UI. The shared signInRoot waits with vitest's
 * expect.poll, which only works inside a test run; playwright's own waits stand in here.
 * @param {import('playwright-core').Page} page @param {any} server
 */
async function signInRoot(page, server) {
  const clock = otpClock(server, rootOtpSecret(server));
  await setPassword(server, 'root', clock);
  await page.goto(`${server.url}/auth/sign-in`);
  await page.getByLabel('Nickname').fill('root');
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByText("I'm not a robot", { exact: true }).click();
  await page.getByText('Verified', { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = await clock.nextCode();
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.waitForURL((url) => url.pathname === '/app', { timeout: 15_000 });
}

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

/**
 * Every script and style /app fetches on a signed-in first load (fresh cache, the session's
 * refresh cookie only) until the network is idle, gzip level 9, in kB. Service workers blocked.
 * @param {import('playwright-core').Browser} browser @param {any} storageState @param {string} url
 */
async function appWeight(browser, storageState, url) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
    storageState,
  });
  const page = await context.newPage();
  const loadedFiles = recordFirstLoad(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByTestId('window-chart').locator('canvas').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const loaded = await loadedFiles();
  return { loaded, page, context };
}

/**
 * Frame intervals (requestAnimationFrame deltas) and per-frame work (from the frame's start to a
 * message posted in its rAF callback, which runs after the frame's style, layout and paint),
 * recorded in the page for FRAME_WINDOW_MS while the chart follows the ticks.
 * @param {import('playwright-core').Page} page
 */
async function frameTimes(page) {
  return page.evaluate(
    (windowMs) =>
      new Promise((resolve) => {
        /** @type {number[]} */ const deltas = [];
        /** @type {number[]} */ const work = [];
        let closes = 0;
        let lastClose = document
          .querySelector('[data-testid="window-chart"]')
          ?.getAttribute('data-last-close');
        const channel = new MessageChannel();
        /** @type {number} */ let frameStart = 0;
        channel.port1.onmessage = () => work.push(performance.now() - frameStart);
        let previous = 0;
        const end = performance.now() + windowMs;
        const frame = (/** @type {number} */ now) => {
          if (previous) deltas.push(now - previous);
          previous = now;
          frameStart = now;
          channel.port2.postMessage(0);
          const close = document
            .querySelector('[data-testid="window-chart"]')
            ?.getAttribute('data-last-close');
          if (close !== lastClose) {
            closes += 1;
            lastClose = close;
          }
          if (now < end) requestAnimationFrame(frame);
          else resolve({ deltas, work, closes });
        };
        requestAnimationFrame(frame);
      }),
    FRAME_WINDOW_MS,
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-app-'));
const server = await spawnServer(
  { BALANCER_DATA_DIR: dataDir, PORT: String(await freePort()), WEB_ROOT, LOG_LEVEL: 'warn' },
  60_000,
);
const browser = await launchBrowser();
try {
  const signInContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
  });
  const signInPage = await signInContext.newPage();
  await signInRoot(signInPage, server);
  const storageState = await signInContext.storageState();
  await signInContext.close();

  const { loaded, page, context } = await appWeight(browser, storageState, `${server.url}/app`);
  const gzipKb = reportFirstLoad(loaded);

  const { deltas, work, closes } = /** @type {{deltas: number[], work: number[], closes: number}} */ (
    await frameTimes(page)
  );
  process.stdout.write(
    `frames: ${deltas.length} in ${FRAME_WINDOW_MS / 1000} s, ${closes} chart updates; interval p50 ${quantile(deltas, 0.5).toFixed(1)} ms, p95 ${quantile(deltas, 0.95).toFixed(1)} ms, max ${Math.max(...deltas).toFixed(1)} ms; work p95 ${quantile(work, 0.95).toFixed(1)} ms\n`,
  );
  await context.close();
  const figures = {
    app_js_css_gzip_kb: Math.round(gzipKb * 10) / 10,
    // rAF intervals: vsync-bound, so 16.7 ms at 60 Hz is the floor of a smooth page.
    dashboard_frame_ms_p95: Math.round(quantile(deltas, 0.95) * 10) / 10,
    // The frame's own work (rAF callbacks, style, layout, paint): the headroom under 16.7 ms.
    dashboard_frame_work_ms_p95: Math.round(quantile(work, 0.95) * 10) / 10,
  };
  process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
