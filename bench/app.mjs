/// <reference lib="dom" />
// Signed-in app benchmark: the weight of /app's first load after sign-in and the dashboard's
// main-thread work per frame while the chart follows the simulator's ticks (a Chrome trace). Prints `BENCH {json}` last.
// The web app comes from TEST_WEB_ROOT or WEB_ROOT when set (a build of one's own), else
// packages/web/dist. Runs through tsx (bench/run.mjs) for the web test helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, spawnServer } from '../packages/server/.tsbuild/testing/index.js';
import { recordFirstLoad, reportFirstLoad } from './first-load.mjs';
import { quantile } from './stats.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_ROOT = process.env.TEST_WEB_ROOT ?? process.env.WEB_ROOT ?? path.join(ROOT, 'packages/web/dist');
/** How long frames are recorded while the chart updates (ms). */
const FRAME_WINDOW_MS = 60_000;

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

/** Trace categories: top-level tasks and Chrome's animation frames, nothing heavier. */
const TRACE_CATEGORIES = ['devtools.timeline', 'toplevel'];
/** A top-level task of a thread's scheduler (category toplevel). */
const TASK_EVENT = 'ThreadControllerImpl::RunTask';

/**
 * The main thread's work per rendered frame while the chart follows the ticks, from a Chrome
 * trace of FRAME_WINDOW_MS. Chrome marks each frame it renders with an `AnimationFrame` span from
 * the start of the first task that led to it (the socket message) to the end of its rendering (the
 * same frames the Long Animation Frames API reports); the figure is the time top-level tasks ran
 * inside that span — the message, the React update, the chart's drawing, style, layout and paint
 * — without the idle wait for the display. The page draws only when something changes, so idle
 * frames do not dilute it; a frame fits a 60 Hz display when its work stays under 16.7 ms.
 * @param {import('playwright-core').Browser} browser @param {import('playwright-core').Page} page
 * @returns {Promise<{ work: number[], closes: number }>}
 */
async function frameWork(browser, page) {
  // The chart's new closes are counted in the page (a mutation observer, no polling from here):
  // the trace then holds only the page's own work.
  await page.getByTestId('window-chart').evaluate((chart) => {
    const seen = new Set();
    Object.assign(window, { benchCloses: seen });
    new MutationObserver(() => seen.add(chart.getAttribute('data-last-close'))).observe(chart, {
      attributes: true,
      attributeFilter: ['data-last-close'],
    });
  });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.waitForTimeout(FRAME_WINDOW_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const closes = await page.evaluate(() => /** @type {any} */ (window).benchCloses.size);
  return { work: workPerFrame(trace.traceEvents ?? trace), closes };
}

/**
 * @typedef {{ name: string, ph: string, ts: number, dur?: number, pid: number, tid: number,
 *   id?: string, id2?: { local?: string }, args?: any }} TraceEvent
 * @param {TraceEvent[]} events @returns {number[]} ms of main-thread work per rendered frame
 */
export function workPerFrame(events) {
  const mainThreads = events.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  /** @type {number[]} */
  const work = [];
  for (const thread of mainThreads) {
    const own = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
    /** @type {Map<string, number>} */
    const begun = new Map();
    /** @type {[number, number][]} */
    const frames = [];
    for (const event of own) {
      if (event.name !== 'AnimationFrame') continue;
      const id = String(event.id2?.local ?? event.id);
      if (event.ph === 'b') begun.set(id, event.ts);
      const start = begun.get(id);
      if (event.ph === 'e' && start !== undefined) frames.push([start, event.ts]);
    }
    const tasks = own.filter((event) => event.name === TASK_EVENT && event.ph === 'X');
    for (const [start, end] of frames) {
      let busy = 0;
      for (const task of tasks) {
        const from = Math.max(start, task.ts);
        const to = Math.min(end, task.ts + (task.dur ?? 0));
        if (to > from) busy += to - from;
      }
      work.push(busy / 1000);
    }
  }
  return work;
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

  const { work, closes } = await frameWork(browser, page);
  process.stdout.write(
    `frames: ${work.length} rendered in ${FRAME_WINDOW_MS / 1000} s, ${closes} chart closes seen; main-thread work per frame p50 ${quantile(work, 0.5).toFixed(1)} ms, p95 ${quantile(work, 0.95).toFixed(1)} ms, max ${Math.max(...work).toFixed(1)} ms\n`,
  );
  await context.close();
  const figures = {
    app_js_css_gzip_kb: Math.round(gzipKb * 10) / 10,
    // Main-thread work per rendered frame (tick handling, React, chart, style, layout, paint).
    dashboard_frame_ms_p95: Math.round(quantile(work, 0.95) * 10) / 10,
  };
  process.stdout.write(`BENCH ${JSON.stringify(figures)}\n`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
