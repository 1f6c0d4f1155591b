import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@balancer/server/ops';
import { type DoctorCheck, fail, ok, skip, warn } from './check.js';
import { judgeCertificate } from './judge-certificate.js';
import { connectHost } from './probe-port.js';
import { servedFingerprint } from './probe-tls.js';

type TlsConfig = Pick<
  Config,
  'TLS' | 'TLS_CERT_FILE' | 'TLS_KEY_FILE' | 'PUBLIC_DOMAIN' | 'BALANCER_DATA_DIR' | 'HOST' | 'PORT'
>;

/** Where each TLS mode keeps its pair, and what renews it. */
function pairOf(
  config: TlsConfig,
): { cert: string; key: string; renewal: string; madeByServer: boolean } | undefined {
  const tls = path.join(config.BALANCER_DATA_DIR, 'tls');
  switch (config.TLS) {
    case 'files':
      return {
        cert: config.TLS_CERT_FILE ?? '',
        key: config.TLS_KEY_FILE ?? '',
        renewal: 'renew it with your certificate tool (the platform reloads changed files)',
        madeByServer: false,
      };
    case 'self-signed':
      return {
        cert: path.join(tls, 'self-signed.crt'),
        key: path.join(tls, 'self-signed.key'),
        renewal: `delete ${path.join(tls, 'self-signed.crt')} and its .key, then restart: a new one is made (accept its new fingerprint on the phone)`,
        madeByServer: true,
      };
    case 'acme':
      return {
        cert: path.join(tls, 'acme', 'certificate.crt'),
        key: path.join(tls, 'acme', 'certificate.key'),
        renewal:
          'the platform renews it over ACME: check that port 80 (or 443) is reachable from the internet and `journalctl -u balancer | grep -i acme`',
        madeByServer: true,
      };
    default:
      return undefined;
  }
}

async function read(file: string): Promise<string | NodeJS.ErrnoException> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

/**
 * Per TLS mode: the certificate files (readable, key matching, expiry, names); and when a server
 * answers on PORT, whether it serves that same certificate.
 */
export async function checkTls(
  config: TlsConfig,
  serverRunning: boolean,
  timeoutMs: number,
  now: number,
): Promise<DoctorCheck[]> {
  const pair = pairOf(config);
  if (!pair) return [skip('tls', 'TLS is off (plain HTTP)')];
  const [certPem, keyPem] = await Promise.all([read(pair.cert), read(pair.key)]);
  if (typeof certPem !== 'string' || typeof keyPem !== 'string') {
    const missing = typeof certPem !== 'string' ? certPem : (keyPem as NodeJS.ErrnoException);
    const file = typeof certPem !== 'string' ? pair.cert : pair.key;
    if (pair.madeByServer && missing.code === 'ENOENT' && !serverRunning) {
      return [ok('tls', `${config.TLS}: no certificate yet; the platform makes it at its first start`)];
    }
    return [
      fail(
        'tls',
        `cannot read ${file} (${missing.code ?? missing.message})`,
        missing.code === 'EACCES'
          ? `let the platform's user read it: \`chown balancer ${file}\` (keep a key at mode 600)`
          : `check ${config.TLS === 'files' ? 'TLS_CERT_FILE/TLS_KEY_FILE' : 'the data folder'}`,
      ),
    ];
  }
  const results = judgeCertificate({
    certFile: pair.cert,
    keyFile: pair.key,
    certPem,
    keyPem,
    domain: config.PUBLIC_DOMAIN,
    now,
    renewal: pair.renewal,
  });
  if (!serverRunning) return results;
  let onDisk: string;
  try {
    onDisk = new X509Certificate(certPem).fingerprint256;
  } catch {
    return results;
  }
  const served = await servedFingerprint(
    connectHost(config.HOST),
    config.PORT,
    config.PUBLIC_DOMAIN,
    timeoutMs,
  );
  if ('error' in served) {
    results.push(
      fail(
        'tls served',
        `no TLS on ${config.HOST}:${config.PORT}: ${served.error}`,
        'restart the platform after changing TLS settings: `systemctl restart balancer`',
      ),
    );
  } else if (served.fingerprint !== onDisk) {
    results.push(
      warn(
        'tls served',
        `the running server serves another certificate (${served.fingerprint.slice(0, 23)}…) than ${pair.cert}`,
        'restart it to serve the current one: `systemctl restart balancer`',
      ),
    );
  } else {
    results.push(
      ok(
        'tls served',
        `the running server serves ${pair.cert} (SHA-256 ${served.fingerprint.slice(0, 23)}…)`,
      ),
    );
  }
  return results;
}
