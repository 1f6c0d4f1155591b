// Renders the PNG icons in public/ from logo.ts with Debian's chromium (nothing downloads).
// Run after changing the logo: `npx tsx packages/web/scripts/render-icons.ts`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FAVICON, ICONS, logoSvg } from '../src/features/pwa/logo';
import { launchBrowser } from '../src/testing/browser';

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url));

writeFileSync(`${PUBLIC_DIR}${FAVICON.file}`, `${logoSvg(FAVICON.size)}\n`);
const browser = await launchBrowser();
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = logoSvg(icon.size, { safeZone: icon.safeZone, rounded: icon.rounded });
    await page.setContent(`<body style="margin:0;background:transparent">${svg}</body>`);
    await page.locator('svg').screenshot({ path: `${PUBLIC_DIR}${icon.file}`, omitBackground: true });
    await page.close();
    process.stdout.write(`${icon.file}\n`);
  }
} finally {
  await browser.close();
}
