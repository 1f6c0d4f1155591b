import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST, SERVER_PATH_DENYLIST } from './src/features/pwa/sw-config.ts';

// The service worker (generateSW: workbox-build bundles it from node_modules, no downloads)
// precaches the shell: index.html, scripts and styles, icons. The two big lazily loaded vendors
// (chart, captcha: named chunks, see VENDOR_CHUNKS) and images are cached when first used: their
// names carry a content hash, so a cached copy never goes stale.
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  manifest: { ...MANIFEST, icons: [...MANIFEST.icons] },
  // theme.js sets the theme before the first paint (src/lib/theme.ts): precached, so an offline start has it too.
  includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'theme.js'],
  workbox: {
    globPatterns: ['index.html', 'assets/*.{js,css}'],
    globIgnores: ['assets/vendor-*'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: SERVER_PATH_DENYLIST,
    cleanupOutdatedCaches: true,
    // Web Push: shows the server's pushes and opens their screen on a click (public/push-sw.js).
    importScripts: ['push-sw.js'],
    sourcemap: false,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'balancer-assets', expiration: { maxEntries: 100 } },
      },
    ],
  },
});

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to every text asset over 1 kB; the
 * server sends the one the browser accepts (@fastify/static preCompressed), so no CPU is spent
 * compressing per request and a phone downloads about a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'balancer-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|webmanifest)$/.test(file)) continue;
        const body = readFileSync(path.join(outDir, file));
        if (body.length < 1024) continue;
        const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
        writeFileSync(path.join(outDir, `${file}.br`), brotliCompressSync(body, brotliOptions));
        writeFileSync(path.join(outDir, `${file}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** Heavy libraries only lazy screens use, split into named chunks the precache leaves out. */
const VENDOR_CHUNKS = [
  { name: 'vendor-chart', test: /node_modules[\\/](lightweight-charts|fancy-canvas)[\\/]/ },
];

/**
 * Libraries every page but the landing page's first load uses, one chunk each: react-query (split
 * by what each screen imports, useQueries, useInfiniteQuery, mutations…, it made several small
 * chunks that gzip worse apart) and the router. React itself comes first (highest priority): a
 * group also takes the modules its own modules import, and react in the query chunk made the
 * landing page fetch react-query (docs/web.md, First load).
 */
const SHARED_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
  { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
];

// Workspace packages are read from their TypeScript source (the @balancer/source condition).
export default defineConfig({
  plugins: [react(), tailwindcss(), pwa, precompress()],
  resolve: { conditions: ['@balancer/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: [...VENDOR_CHUNKS, ...SHARED_CHUNKS] } } },
  },
  server: { port: 5173, proxy: { '^/(ping|ready)': 'http://localhost:5075' } },
});
