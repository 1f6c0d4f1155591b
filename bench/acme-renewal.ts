// `npm run bench -- acme-renewal`: does renewing the ACME certificate cost requests? The platform
// runs in this process with PUBLIC_DOMAIN, its certificate from Pebble (Let's Encrypt's test CA,
// Debian package `pebble`) living VALIDITY_S seconds, so it renews every 2/3 of that while
// autocannon loads GET /ping over HTTPS for DURATION_S s: 10 connections, each reconnecting (a
// new TLS handshake) every RECONNECT_EVERY requests, so handshakes keep meeting the swapped
// certificate. Clients rotate X-Forwarded-For addresses (TRUST_PROXY) to stay under the open
// rate-limit tier. Figures: acme_renewals_during_load, acme_failed_requests (errors + timeouts +
// non-2xx; must be 0), acme_requests_total, and whether new connections got the last renewed
// certificate (bench/tls-renewal.ts does the same for certificate files).
// Nothing asserts on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'node:tls';
import { loadConfig, startPlatform } from '@balancer/server';
import { acmeSettings, freePort, startPebble } from '@balancer/server/testing';

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<AutocannonResult>;

const DOMAIN = 'bot.balancer.test';
const DURATION_S = 30;
const VALIDITY_S = 15;
const RECONNECT_EVERY = 50;
const ADDRESSES = 2_000;
const say = (line: string) => process.stdout.write(`${line}\n`);

/** The fingerprint a new TLS connection to `port` is served. */
function servedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: DOMAIN, rejectUnauthorized: false }, () => {
      resolve(socket.getPeerX509Certificate()?.fingerprint256 ?? '');
      socket.end();
    });
    socket.on('error', reject);
  });
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-acme-'));
  const httpPort = await freePort();
  const port = await freePort();
  const pebble = await startPebble({ httpPort, validitySeconds: VALIDITY_S });
  try {
    const running = await startPlatform({
      loaded: loadConfig({
        ...acmeSettings(pebble, { domain: DOMAIN, dataDir, port, httpPort }),
        TRUST_PROXY: 'true',
        UPDATE_SOURCE_URL: 'off',
      }),
      webRoot: null,
      sink: { write: () => true },
    });
    const tls = running.tls;
    if (!tls) throw new Error('the platform does not serve HTTPS');
    let renewals = 0;
    tls.onChange(() => {
      renewals += 1;
    });
    say(`certificate from Pebble, ${VALIDITY_S} s validity: load ${DURATION_S} s, 10 connections…`);
    const requests = Array.from({ length: ADDRESSES }, (_, i) => ({
      method: 'GET',
      path: '/ping',
      headers: { 'x-forwarded-for': `10.77.${i >> 8}.${i & 255}` },
    }));
    const result = await autocannon({
      url: `https://127.0.0.1:${port}`,
      servername: DOMAIN,
      connections: 10,
      duration: DURATION_S,
      reconnectRate: RECONNECT_EVERY,
      workers: 1,
      requests,
    });
    const during = renewals;
    const served = await servedFingerprint(port);
    const latest = served === tls.describe().fingerprint256;
    await running.stop();
    const failed = result.errors + result.timeouts + result.non2xx;
    say(
      `requests ${result.requests.total} (${Math.round(result.requests.average)} req/s), renewals ${during}, failed ${failed} (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`,
    );
    say(
      `BENCH ${JSON.stringify({
        acme_renewals_during_load: during,
        acme_failed_requests: failed,
        acme_requests_total: result.requests.total,
        acme_new_connections_get_renewed_certificate: latest,
      })}`,
    );
  } finally {
    await pebble.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
