import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type SpawnedServer, spawnServer } from '@balancer/server/testing';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's chromium; nothing downloads a browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags this machine needs: no sandbox as root, no background connections to the closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The environment for a spawned server in browser tests: `TEST_WEB_ROOT` (a web build of one's
 * own, e.g. `vite build --outDir /tmp/web-x`) lets parallel work avoid sharing packages/web/dist.
 */
export function browserServerEnv(env: Record<string, string>): Record<string, string> {
  const webRoot = process.env.TEST_WEB_ROOT;
  return webRoot ? { WEB_ROOT: webRoot, ...env } : env;
}

/**
 * Chromium with this machine's flags, and `extraArgs` (a test's own trust or name mapping);
 * `env` on top of this process's (a HOME with its own NSS trust store, say).
 */
export async function launchBrowser(
  extraArgs: readonly string[] = [],
  env?: Record<string, string>,
): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\` (.ci/run does)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    ...(env ? { env: { ...process.env, ...env } as Record<string, string> } : {}),
  });
}

/** Where browser tests save screenshots for people to look at. */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL('../../../../test-results/screenshots/', import.meta.url),
);

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'balancer-browser-'));
}

/** A spawned server on a fresh data folder and a chromium, for one browser test file. */
export interface BrowserRig {
  server: SpawnedServer;
  browser: Browser;
}

/**
 * Registers the file's beforeAll/afterAll: the built server started on a fresh data folder (with
 * `env` on top) and chromium launched; `ready` receives both before the tests run.
 */
export function withServerAndBrowser(
  ready: (rig: BrowserRig) => void,
  env: Record<string, string> = {},
): void {
  let rig: Partial<BrowserRig> = {};
  beforeAll(async () => {
    const server = await spawnServer(
      browserServerEnv({ BALANCER_DATA_DIR: tempDataDir(), PORT: String(await freePort()), ...env }),
    );
    rig = { server };
    const browser = await launchBrowser();
    rig = { server, browser };
    ready({ server, browser });
  }, 60_000);
  afterAll(async () => {
    await rig.browser?.close();
    await rig.server?.stop();
  });
}
