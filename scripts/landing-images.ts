// Regenerates the landing page's planner and monitoring images from REAL product output:
//
//   npx tsx --conditions=@balancer/source scripts/landing-images.ts
//
// It runs the backtester with the defaults of `npm run backtest` (Eager Scalper, 10,000 USDT, fee
// 0.1 %) on the shipped Binance BTC/USDT 15m candles, asks core's planner for the levels, draws
// each scene in Debian chromium with lightweight-charts (landing-images.page.ts), screenshots it at
// 1200×700 and lets chromium encode it as WebP (lowering the quality until it is under 80 kB) into
// packages/web/src/features/landing/below-fold/images/. Same data and code give the same images;
// change a scene in landing-images.scenes.ts and the alt texts in planner-section.tsx /
// monitoring-section.tsx together.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { runDefaultBacktest } from './landing-images.data.js';
import { scenePage } from './landing-images.page.js';
import { decreaseScene, increaseScene, monitoringScene, type Scene } from './landing-images.scenes.js';

const OUT = new URL('../packages/web/src/features/landing/below-fold/images/', import.meta.url);
const MAX_BYTES = 80 * 1024;
// Debian's chromium with the flags of packages/web/src/testing/browser.ts (not importable here).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
CHROMIUM_ARGS.push('--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic');

/** Runs in the page: re-encodes a PNG data URL as WebP at quality q with a canvas. */
const ENCODE = `async ({ source, q }) => {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas.toDataURL('image/webp', q);
}`;

/** WebP bytes of a PNG, encoded by the page's canvas at `quality` (0–1). */
async function toWebp(page: import('playwright-core').Page, png: Buffer, quality: number): Promise<Buffer> {
  const source = `data:image/png;base64,${png.toString('base64')}`;
  const dataUrl = String(await page.evaluate(`(${ENCODE})(${JSON.stringify({ source, q: quality })})`));
  if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error('chromium did not encode WebP');
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

async function main(): Promise<void> {
  const backtest = runDefaultBacktest();
  const scenes: Array<[string, Scene]> = [
    ['planner-increase', increaseScene(backtest)],
    ['planner-decrease', decreaseScene(backtest)],
    ['monitoring', monitoringScene(backtest)],
  ];
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
    for (const [name, scene] of scenes) {
      await page.setContent(scenePage(scene));
      await page.waitForFunction('window.__ready === true');
      const png = await page.screenshot({ type: 'png' });
      let quality = 0.8;
      let webp = await toWebp(page, png, quality);
      while (webp.length > MAX_BYTES && quality > 0.3) {
        quality -= 0.1;
        webp = await toWebp(page, png, quality);
      }
      writeFileSync(new URL(`${name}.webp`, OUT), webp);
      console.log(`${name}.webp: ${(webp.length / 1024).toFixed(1)} kB (quality ${quality.toFixed(1)})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
