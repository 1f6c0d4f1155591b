// `npm run bench -- captcha`: how long the sign-in form's captcha takes to solve in a real
// chromium (Debian's, playwright-core), against the built server serving the built web app
// (TEST_WEB_ROOT or WEB_ROOT for another build, e.g. an older one to compare with).
//
// RUNS challenges are fetched from the server's GET /altcha first; every configuration then
// solves the same ones (the page's /altcha is answered from that list), so the configurations
// differ only by how they search, not by luck (each answer is a random number up to 1,000,000).
// Per run: load /auth/sign-in, tick "I'm not a robot", time until "Verified" shows.
//   - app: the browser as it is (the app picks its worker count from navigator.hardwareConcurrency);
//   - single worker: the same page told it has one core (navigator.hardwareConcurrency = 1).
// Figures: captcha_solve_ms_median (app), captcha_solve_ms_median_single_worker and their ratio
// captcha_solve_vs_single_worker (< 1: faster than one worker), captcha_workers. Prints progress
// lines, then `BENCH {json}` as its last line. Nothing asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { freePort, spawnServer } from '@balancer/server/testing';
import type { Browser } from 'playwright-core';
import { median } from './stats.mjs';

const RUNS = Number(process.env.CAPTCHA_RUNS ?? 7);
const ROOT = path.join(import.meta.dirname, '..');
const say = (line: string) => process.stdout.write(`${line}\n`);

// The web tests' chromium helpers; the path is computed because scripts/tsconfig.json does not
// reference packages/web (as in bench/web.mjs).
const { launchBrowser } = (await import(
  pathToFileURL(path.join(ROOT, 'packages/web/src/testing/browser.ts')).href
)) as {
  launchBrowser: () => Promise<Browser>;
};

interface Config {
  name: string;
  /** navigator.hardwareConcurrency as the page sees it; undefined: the machine's. */
  cores?: number;
}
const CONFIGS: Config[] = [{ name: 'app' }, { name: 'single worker', cores: 1 }];

async function solveOnce(browser: Browser, url: string, challenge: unknown, config: Config): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'block',
  });
  try {
    if (config.cores !== undefined) {
      const cores = config.cores;
      await context.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => value });
      }, cores);
    }
    await context.route(/\/altcha(\?|$)/, (route) =>
      route.fulfill({ json: { success: true, data: challenge, error: null } }),
    );
    const page = await context.newPage();
    await page.goto(`${url}/auth/sign-in`);
    const box = page.getByText("I'm not a robot", { exact: true });
    await box.waitFor({ timeout: 60_000 });
    const started = performance.now();
    await box.click();
    await page.getByText('Verified', { exact: true }).waitFor({ timeout: 120_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-captcha-'));
const webRoot = process.env.TEST_WEB_ROOT ?? process.env.WEB_ROOT;
const server = await spawnServer(
  {
    BALANCER_DATA_DIR: dataDir,
    PORT: String(await freePort()),
    ...(webRoot ? { WEB_ROOT: webRoot } : {}),
  },
  120_000,
); // a busy machine can take over 30 s to open a fresh embedded database
const browser = await launchBrowser();
try {
  const challenges: unknown[] = [];
  for (let run = 0; run < RUNS; run++) {
    const answer = (await (await fetch(`${server.url}/altcha`)).json()) as { data: unknown };
    challenges.push(answer.data);
  }
  const times = new Map<string, number[]>(CONFIGS.map((config) => [config.name, []]));
  for (const [run, challenge] of challenges.entries()) {
    // Alternate the order so neither configuration always runs on a warmer (or busier) machine.
    const order = run % 2 === 0 ? CONFIGS : [...CONFIGS].reverse();
    for (const config of order) {
      const ms = await solveOnce(browser, server.url, challenge, config);
      times.get(config.name)?.push(ms);
      say(`run ${run + 1}/${RUNS} ${config.name}: ${ms.toFixed(0)} ms`);
    }
  }
  const cores = await (async () => {
    const page = await browser.newPage();
    try {
      return await page.evaluate(() => navigator.hardwareConcurrency);
    } finally {
      await page.close();
    }
  })();
  const app = median(times.get('app') ?? []);
  const single = median(times.get('single worker') ?? []);
  say(
    `BENCH ${JSON.stringify({
      captcha_solve_ms_median: Math.round(app),
      captcha_solve_ms_median_single_worker: Math.round(single),
      captcha_solve_vs_single_worker: Number((app / single).toFixed(3)),
      captcha_workers: Math.min(16, cores),
    })}`,
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
