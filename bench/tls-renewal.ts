// Part of `npm run bench -- tls`: certificate renewal under load. The HTTPS app is wired to a
// certificate-files source as start.ts wires it (serveTls: setSecureContext on every change);
// for RENEWAL_LOAD_S seconds (default 30) 8 clients request GET / (the web app's page: the API's
// per-IP rate limit would refuse a load from one address) without pause — 4 on a new
// connection each time, 4 on kept-alive connections — while the files are replaced by rename
// every 3 s with a new pair. Counts the requests, the failed ones (error or not 200) and the
// certificates the new connections saw.
import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, FileCertificateSource, SecretMasker, serveTls } from '@balancer/server';
import {
  buildTestApp,
  makeLeaf,
  makeTestCa,
  type TestCa,
  testRequest,
  writePair,
} from '@balancer/server/testing';

const CLIENTS = 8;
const SWAP_EVERY_MS = 3000;

export interface RenewalFigures {
  renewal_load_requests: number;
  renewal_failed_requests: number;
  renewal_certificates_seen: number;
}

async function client(url: string, ca: TestCa, agent: Agent | undefined, until: number, seen: Set<string>) {
  let requests = 0;
  let failed = 0;
  while (Date.now() < until) {
    requests += 1;
    try {
      const answer = await testRequest(url, { ca: ca.cert, agent });
      if (answer.status !== 200) {
        if (failed === 0) process.stderr.write(`first failure: ${answer.status} ${answer.body}\n`);
        failed += 1;
      } else if (!agent && answer.fingerprint256) seen.add(answer.fingerprint256);
    } catch (error) {
      if (failed === 0) process.stderr.write(`first failure: ${(error as Error).message}\n`);
      failed += 1;
    }
  }
  return { requests, failed };
}

export async function renewalUnderLoad(seconds: number, webRoot: string): Promise<RenewalFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'balancer-bench-renewal-'));
  const certFile = path.join(dir, 'fullchain.pem');
  const keyFile = path.join(dir, 'privkey.pem');
  const ca = await makeTestCa();
  const names = ['localhost', '127.0.0.1'];
  writePair(await makeLeaf(ca, { names }), certFile, keyFile);
  const logger = createLogger({ level: 'silent', format: 'json', masker: new SecretMasker() });
  const source = new FileCertificateSource({
    certFile,
    keyFile,
    now: () => Date.now(),
    onRejected: (error) => process.stderr.write(`refused: ${error.message}\n`),
  });
  await source.start();
  const { app } = await buildTestApp({ webRoot, https: source.current() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const serving = serveTls(app, source, null, port, logger);
  const until = Date.now() + seconds * 1000;
  const swaps = setInterval(async () => {
    const next = await makeLeaf(ca, { names });
    writeFileSync(`${keyFile}.new`, next.key, { mode: 0o600 });
    writeFileSync(`${certFile}.new`, next.cert);
    renameSync(`${keyFile}.new`, keyFile);
    renameSync(`${certFile}.new`, certFile);
  }, SWAP_EVERY_MS);
  const seen = new Set<string>();
  const agents = Array.from({ length: CLIENTS / 2 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    const results = await Promise.all([
      ...agents.map((agent) => client(`https://127.0.0.1:${port}/`, ca, agent, until, seen)),
      ...agents.map(() => client(`https://127.0.0.1:${port}/`, ca, undefined, until, seen)),
    ]);
    return {
      renewal_load_requests: results.reduce((sum, r) => sum + r.requests, 0),
      renewal_failed_requests: results.reduce((sum, r) => sum + r.failed, 0),
      renewal_certificates_seen: seen.size,
    };
  } finally {
    clearInterval(swaps);
    for (const agent of agents) agent.destroy();
    await serving.stop();
    await app.close();
  }
}
