import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './spawn-server.js';

/**
 * Pebble, Let's Encrypt's ACME test CA (Debian package `pebble`), for the ACME tests and the
 * renewal benchmark. `pebble-challtestsrv` answers DNS so that every name resolves to
 * 127.0.0.1 (A only), and Pebble validates HTTP-01 on `httpPort` (the platform's HTTP_PORT).
 * Pebble keeps everything in memory: a new Pebble is a new CA with a new root.
 */
export interface Pebble {
  /** ACME_DIRECTORY_URL. */
  directoryUrl: string;
  /** ACME_CA_FILE: the CA of Pebble's own HTTPS (made here), not the root it issues under. */
  apiCaFile: string;
  /** PEM of the root that issued certificates chain to: what a browser has to trust. */
  issuingRoot(): Promise<string>;
  /** Pebble's output so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface PebbleOptions {
  /** The port Pebble's HTTP-01 validation connects to. */
  httpPort: number;
  /** Validity of issued certificates in seconds (Pebble's certificateValidityPeriod); default 5 years. */
  validitySeconds?: number;
  readyTimeoutMs?: number;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: string[]): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 400) log.splice(0, log.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** GET over HTTPS trusting `ca` only; resolves with status and body. */
export function httpsGet(url: string, ca: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { ca }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`${url}: no answer in 10 s`)));
  });
}

/** Whether anything answers HTTP at `url` (pebble-challtestsrv's management port once it is up). */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpGet(url, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('error', () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts pebble-challtestsrv and Pebble on free ports and waits until the directory answers. */
export async function startPebble(options: PebbleOptions): Promise<Pebble> {
  const folder = mkdtempSync(path.join(tmpdir(), 'balancer-pebble-'));
  const apiCaFile = path.join(folder, 'api.crt');
  const apiKeyFile = path.join(folder, 'api.key');
  // Pebble's own HTTPS certificate: self-signed for 127.0.0.1, so it is its own CA.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      apiKeyFile,
      '-out',
      apiCaFile,
      '-days',
      '2',
      '-subj',
      '/CN=Pebble API (Balancer tests)',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const [dnsPort, challManagement, listen, management, tlsPort] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const configFile = path.join(folder, 'pebble.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${listen}`,
        managementListenAddress: `127.0.0.1:${management}`,
        certificate: apiCaFile,
        privateKey: apiKeyFile,
        httpPort: options.httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
        ...(options.validitySeconds ? { certificateValidityPeriod: options.validitySeconds } : {}),
      },
    }),
  );
  const log: string[] = [];
  const dns = run(
    'pebble-challtestsrv',
    [
      '-defaultIPv4',
      '127.0.0.1',
      '-defaultIPv6',
      '',
      '-dns01',
      `127.0.0.1:${dnsPort}`,
      '-management',
      `127.0.0.1:${challManagement}`,
      '-http01',
      '',
      '-https01',
      '',
      '-tlsalpn01',
      '',
    ],
    {},
    log,
  );
  const pebble = run(
    'pebble',
    ['-config', configFile, '-dnsserver', `127.0.0.1:${dnsPort}`],
    // No authorization reuse: every order validates HTTP-01 again (the failure tests need it).
    { PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0', PEBBLE_AUTHZREUSE: '0' },
    log,
  );
  const stop = async () => {
    await Promise.all([stopChild(pebble), stopChild(dns)]);
    rmSync(folder, { recursive: true, force: true });
  };
  const directoryUrl = `https://127.0.0.1:${listen}/dir`;
  const ca = readFileSync(apiCaFile, 'utf8');
  try {
    await waitFor(
      async () =>
        (await httpsGet(directoryUrl, ca)).status === 200 &&
        (await answers(`http://127.0.0.1:${challManagement}/`)),
      options.readyTimeoutMs ?? 60_000,
      () => `Pebble did not start:\n${log.join('')}`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    directoryUrl,
    apiCaFile,
    issuingRoot: async () => {
      const answer = await httpsGet(`https://127.0.0.1:${management}/roots/0`, ca);
      if (answer.status !== 200) throw new Error(`Pebble's root: HTTP ${answer.status}`);
      return answer.body;
    },
    output: () => log.join(''),
    stop,
  };
}

/** The platform's settings for PUBLIC_DOMAIN=`domain` with certificates from `pebble`. */
export function acmeSettings(
  pebble: Pebble,
  place: { domain: string; dataDir: string; port: number; httpPort: number },
): Record<string, string> {
  return {
    BALANCER_DATA_DIR: place.dataDir,
    HOST: '127.0.0.1',
    PORT: String(place.port),
    HTTP_PORT: String(place.httpPort),
    PUBLIC_DOMAIN: place.domain,
    ACME_DIRECTORY_URL: pebble.directoryUrl,
    ACME_CA_FILE: pebble.apiCaFile,
  };
}
