import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CodedError } from '@balancer/core';
import { afterAll, describe, expect, it } from 'vitest';
import { makeLeaf, makeTestCa } from '../test-certificates.js';
import { AcmeStore } from './acme-store.js';
import { trustAcmeCa } from './ca-trust.js';

const root = mkdtempSync(path.join(tmpdir(), 'balancer-acme-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const DIRECTORY = 'https://acme.example/directory';

describe('the ACME store', () => {
  it('keeps the pair and its origin, keys 0600 in a 0700 folder, and makes the account key once', async () => {
    const store = new AcmeStore(path.join(root, 'a', 'tls', 'acme'));
    const ca = await makeTestCa();
    const pair = await makeLeaf(ca, { names: ['bot.example.com'] });
    expect(await store.loadPair()).toBeNull();
    expect(await store.loadOrigin()).toBeNull();
    await store.savePair(pair, DIRECTORY);
    expect(await store.loadPair()).toEqual(pair);
    expect(await store.loadOrigin()).toBe(DIRECTORY);
    let made = 0;
    const create = async () => `key ${++made}`;
    expect(await store.accountKey(create)).toBe('key 1');
    expect(await store.accountKey(create)).toBe('key 1');
    for (const file of [store.keyFile, store.accountKeyFile]) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(store.certFile).mode & 0o777).toBe(0o644);
    expect(statSync(store.folder).mode & 0o777).toBe(0o700);
  });

  it('refuses a key that is not the certificate’s (a crash between the two writes): ordered again', async () => {
    const store = new AcmeStore(path.join(root, 'b'));
    const ca = await makeTestCa();
    const one = await makeLeaf(ca, { names: ['bot.example.com'] });
    const other = await makeLeaf(ca, { names: ['bot.example.com'] });
    await store.savePair({ cert: one.cert, key: other.key }, DIRECTORY);
    expect(await store.loadPair()).toBeNull();
    writeFileSync(store.certFile, 'not a certificate');
    expect(await store.loadPair()).toBeNull();
  });
});

describe('ACME_CA_FILE', () => {
  it('refuses a file without a PEM certificate, with its code', () => {
    const file = path.join(root, 'ca.pem');
    writeFileSync(file, 'nothing here');
    expect(() => trustAcmeCa(file)).toThrow(CodedError);
    expect(() => trustAcmeCa(path.join(root, 'missing.pem'))).toThrow(/ACME_CA_FILE|8852|PEM/);
  });
});
