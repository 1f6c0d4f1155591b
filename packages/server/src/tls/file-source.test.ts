import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CodedError } from '@balancer/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CertificatePair } from './certificate-source.js';
import { FileCertificateSource } from './file-source.js';
import { fingerprintOf, makeLeaf, makeTestCa, type TestCa, writePair } from './test-certificates.js';

let ca: TestCa;
let first: CertificatePair;
let second: CertificatePair;
beforeAll(async () => {
  ca = await makeTestCa();
  first = await makeLeaf(ca, { names: ['bot.balancer.test', '127.0.0.1'] });
  second = await makeLeaf(ca, { names: ['bot.balancer.test', 'other.balancer.test'] });
});

const sources: FileCertificateSource[] = [];
afterEach(async () => {
  for (const source of sources.splice(0)) await source.stop();
});

function folderWith(pair: CertificatePair) {
  const dir = mkdtempSync(path.join(tmpdir(), 'balancer-tls-files-'));
  const certFile = path.join(dir, 'fullchain.pem');
  const keyFile = path.join(dir, 'privkey.pem');
  writePair(pair, certFile, keyFile);
  return { dir, certFile, keyFile };
}

function sourceFor(files: { certFile: string; keyFile: string }, rejected: CodedError[] = []) {
  const source = new FileCertificateSource({
    ...files,
    now: () => Date.now(),
    onRejected: (error) => rejected.push(error),
    debounceMs: 50,
    pollMs: 60_000,
  });
  sources.push(source);
  return source;
}

/** Replaces a file by rename, as certbot and most renewers do. */
function replace(file: string, content: string): void {
  writeFileSync(`${file}.new`, content);
  renameSync(`${file}.new`, file);
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: CodedError) => error.code,
  );

describe('the certificate-files source', () => {
  it('serves the files it was given and describes the certificate', async () => {
    const source = sourceFor(folderWith(first));
    await source.start();
    expect(source.mode).toBe('files');
    expect(source.current()).toEqual(first);
    expect(source.describe()).toMatchObject({
      fingerprint256: fingerprintOf(first.cert),
      names: ['bot.balancer.test', '127.0.0.1'],
      issuer: 'CN=Balancer Test CA',
    });
    expect(source.describe().fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('refuses to start with a missing file, a non-certificate, a foreign key or an expired certificate', async () => {
    const missing = folderWith(first);
    expect(await codeOf(sourceFor({ ...missing, keyFile: `${missing.keyFile}.gone` }).start())).toBe(8800);

    const garbage = folderWith(first);
    writeFileSync(garbage.certFile, 'not a certificate');
    expect(await codeOf(sourceFor(garbage).start())).toBe(8801);

    const badKey = folderWith(first);
    writeFileSync(badKey.keyFile, '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n');
    expect(await codeOf(sourceFor(badKey).start())).toBe(8802);

    const foreign = folderWith(first);
    writeFileSync(foreign.keyFile, second.key);
    expect(await codeOf(sourceFor(foreign).start())).toBe(8803);

    const day = 86_400_000;
    const expired = await makeLeaf(ca, {
      names: ['old.balancer.test'],
      notBefore: Date.now() - 10 * day,
      notAfter: Date.now() - day,
    });
    expect(await codeOf(sourceFor(folderWith(expired)).start())).toBe(8804);
  });

  it('reloads a pair replaced by rename and tells its listeners', async () => {
    const files = folderWith(first);
    const source = sourceFor(files);
    await source.start();
    const changed = new Promise<CertificatePair>((resolve) => source.onChange(resolve));
    replace(files.keyFile, second.key);
    replace(files.certFile, second.cert);
    expect(await changed).toEqual(second);
    expect(source.current()).toEqual(second);
    expect(source.describe().fingerprint256).toBe(fingerprintOf(second.cert));
    expect(source.describe().names).toEqual(['bot.balancer.test', 'other.balancer.test']);
  });

  it('keeps the old pair when the new files are refused, and takes the next good one', async () => {
    const files = folderWith(first);
    const rejected: CodedError[] = [];
    const source = sourceFor(files, rejected);
    await source.start();
    const changes: CertificatePair[] = [];
    source.onChange((pair) => changes.push(pair));

    // A new certificate beside the old key: mismatched, refused once, the old pair served.
    replace(files.certFile, second.cert);
    await expect.poll(() => rejected.length, { timeout: 10_000 }).toBe(1);
    expect(rejected[0]?.code).toBe(8805);
    expect(rejected[0]?.message).toMatch(/does not belong to the certificate.*8803/);
    expect(source.current()).toEqual(first);
    expect(changes).toEqual([]);

    replace(files.keyFile, second.key);
    await expect.poll(() => changes.length, { timeout: 10_000 }).toBe(1);
    expect(source.current()).toEqual(second);
    expect(rejected).toHaveLength(1);
  });
});
