// `npm run bench -- tls`: what HTTPS costs a visitor's first page. The real app (web host and
// security headers, the built web app from packages/web/dist; the database is not needed for
// GET /) listens twice in this process: over HTTP and over HTTPS with an EC P-256 certificate (as
// TLS=self-signed makes) signed by a throwaway CA the client trusts and verifies, as a browser
// does. Each request opens a new connection (TCP + for HTTPS the TLS handshake) and reads all of
// GET /. A run is REQUESTS requests of each kind, alternating, and its figure the mean; the
// figures are the median of RUNS runs, and their ratio (HTTPS ÷ HTTP).
//   tls_first_page_ms_median, http_first_page_ms_median, tls_vs_http_first_page_ratio
// Then renewal under load (tls-renewal.ts): renewal_load_requests, renewal_failed_requests,
// renewal_certificates_seen.
// Needs `node scripts/build.mjs` (or `npm run build`) first. Nothing asserts on time.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildTestApp, makeLeaf, makeTestCa, testRequest } from '@balancer/server/testing';
import { median } from './stats.mjs';
import { renewalUnderLoad } from './tls-renewal.js';

const RUNS = 7;
const REQUESTS = 40;
const WEB_ROOT = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

async function listen(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

async function timed(url: string, ca?: string): Promise<number> {
  const started = performance.now();
  const answer = await testRequest(url, { ca });
  const elapsed = performance.now() - started;
  if (answer.status !== 200 || !answer.body.includes('<html'))
    throw new Error(`GET ${url}: ${answer.status}`);
  return elapsed;
}

/** The first-page figures: HTTPS and HTTP alternating, RUNS runs of REQUESTS each. */
async function firstPage() {
  const ca = await makeTestCa();
  const leaf = await makeLeaf(ca, { names: ['localhost', '127.0.0.1'] });
  const { app: plain } = await buildTestApp({ webRoot: WEB_ROOT });
  const { app: secure } = await buildTestApp({ webRoot: WEB_ROOT, https: leaf });
  try {
    const httpUrl = `http://127.0.0.1:${await listen(plain)}/`;
    const httpsUrl = `https://127.0.0.1:${await listen(secure)}/`;
    // Warm-up: JIT, file cache, TLS session machinery.
    for (let i = 0; i < 20; i++) {
      await timed(httpUrl);
      await timed(httpsUrl, ca.cert);
    }
    const tlsRuns: number[] = [];
    const httpRuns: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let tls = 0;
      let http = 0;
      for (let i = 0; i < REQUESTS; i++) {
        tls += await timed(httpsUrl, ca.cert);
        http += await timed(httpUrl);
      }
      tlsRuns.push(tls / REQUESTS);
      httpRuns.push(http / REQUESTS);
      say(`run ${run + 1}: https ${(tls / REQUESTS).toFixed(2)} ms, http ${(http / REQUESTS).toFixed(2)} ms`);
    }
    const tlsMedian = median(tlsRuns);
    const httpMedian = median(httpRuns);
    return {
      tls_first_page_ms_median: Number(tlsMedian.toFixed(2)),
      http_first_page_ms_median: Number(httpMedian.toFixed(2)),
      tls_vs_http_first_page_ratio: Number((tlsMedian / httpMedian).toFixed(2)),
    };
  } finally {
    await plain.close();
    await secure.close();
  }
}

async function main() {
  if (!existsSync(`${WEB_ROOT}index.html`))
    throw new Error(`${WEB_ROOT} is missing: run node scripts/build.mjs first`);
  const figures = await firstPage();
  const seconds = Number(process.env.RENEWAL_LOAD_S ?? 30);
  say(`renewal: ${seconds} s of load while the certificate files are replaced every 3 s…`);
  const renewal = await renewalUnderLoad(seconds, WEB_ROOT);
  say(`BENCH ${JSON.stringify({ ...figures, ...renewal })}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
