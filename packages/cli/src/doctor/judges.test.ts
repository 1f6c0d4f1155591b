import { describe, expect, it } from 'vitest';
import { FREE_SPACE, judgeDataFolder, judgeFreeSpace, judgeSecretFile } from './judge-files.js';
import { judgeKeyPermissions, judgeKeysFailure, KEYS_CHECK, WITHDRAW_CHECK } from './judge-keys.js';
import { CLOCK_SKEW, judgeClockSkew, judgePort, judgeReach } from './judge-network.js';
import { judgeNodeVersion } from './judge-node.js';

describe('judgeNodeVersion', () => {
  it('compares against the engines range, part by part', () => {
    expect(judgeNodeVersion('20.19.0', '>=20.19').status).toBe('ok');
    expect(judgeNodeVersion('22.1.0', '>=20.19').status).toBe('ok');
    expect(judgeNodeVersion('20.20.2', '>=20.19').status).toBe('ok');
    const old = judgeNodeVersion('20.18.9', '>=20.19');
    expect(old.status).toBe('fail');
    expect(old.fix).toContain('Node 20');
    expect(judgeNodeVersion('18.20.0', '>=20.19').status).toBe('fail');
    expect(judgeNodeVersion('20.19.0', '^20').status).toBe('fail');
  });
});

describe('judgeDataFolder', () => {
  const mine = {
    path: '/d',
    exists: true,
    isDirectory: true,
    uid: 1000,
    mode: 0o40700,
    currentUid: 1000,
    currentUser: 'pi',
  };
  it('wants it there, a folder, ours, closed to others', () => {
    expect(judgeDataFolder(mine).status).toBe('ok');
    expect(judgeDataFolder({ ...mine, exists: false }).status).toBe('fail');
    expect(judgeDataFolder({ ...mine, isDirectory: false }).status).toBe('fail');
    const foreign = judgeDataFolder({ ...mine, uid: 1001 });
    expect(foreign).toMatchObject({ status: 'fail' });
    expect(foreign.fix).toContain('sudo chown -R pi /d');
    const open = judgeDataFolder({ ...mine, mode: 0o40755 });
    expect(open).toMatchObject({ status: 'warn', fix: 'chmod 700 /d' });
    // root may look at the service user's folder.
    expect(judgeDataFolder({ ...mine, uid: 999, currentUid: 0 }).status).toBe('ok');
  });
});

describe('judgeSecretFile and judgeFreeSpace', () => {
  it('wants secrets at 0600 (or stricter)', () => {
    expect(judgeSecretFile('/d/secrets.json', 0o100600).status).toBe('ok');
    expect(judgeSecretFile('/d/secrets.json', 0o100400).status).toBe('ok');
    expect(judgeSecretFile('/d/secrets.json', 0o100640)).toMatchObject({
      status: 'fail',
      fix: 'chmod 600 /d/secrets.json',
    });
    expect(judgeSecretFile('/d/tls/self-signed.key', 0o100604).status).toBe('fail');
  });

  it('warns under 1 GB free and fails under 200 MB', () => {
    const mb = 1024 * 1024;
    expect(FREE_SPACE).toEqual({ warnBytes: 1024 * mb, failBytes: 200 * mb });
    expect(judgeFreeSpace('/d', 1024 * mb).status).toBe('ok');
    expect(judgeFreeSpace('/d', 1024 * mb - 1).status).toBe('warn');
    expect(judgeFreeSpace('/d', 200 * mb).status).toBe('warn');
    expect(judgeFreeSpace('/d', 200 * mb - 1).status).toBe('fail');
    expect(judgeFreeSpace('/d', 150 * mb).detail).toContain('150 MB');
  });
});

describe('judgePort and judgeReach', () => {
  it('tells a free port, our own server, and a stranger apart', () => {
    expect(judgePort('PORT', 5075, '127.0.0.1', { state: 'free' }).status).toBe('ok');
    expect(judgePort('PORT', 5075, '127.0.0.1', { state: 'balancer', ready: true }).status).toBe('ok');
    expect(judgePort('PORT', 5075, '127.0.0.1', { state: 'balancer', ready: false }).status).toBe('warn');
    const other = judgePort('HTTP_PORT', 80, '0.0.0.0', { state: 'other' });
    expect(other.status).toBe('fail');
    expect(other.fix).toContain('set HTTP_PORT');
    expect(judgePort('PORT', 443, '0.0.0.0', { state: 'denied' }).fix).toContain('CAP_NET_BIND_SERVICE');
    expect(
      judgePort('PORT', 5075, '10.9.9.9', { state: 'unavailable', message: 'EADDRNOTAVAIL' }).fix,
    ).toContain('HOST');
  });

  it('warns when HTTPS listens on loopback only, or plain HTTP on the network', () => {
    expect(judgeReach({ HOST: '127.0.0.1', TLS: 'off', PORT: 5075 }).status).toBe('ok');
    expect(judgeReach({ HOST: '0.0.0.0', TLS: 'self-signed', PORT: 5075 }).status).toBe('ok');
    const hidden = judgeReach({ HOST: '127.0.0.1', TLS: 'self-signed', PORT: 5075 });
    expect(hidden).toMatchObject({ status: 'warn', fix: expect.stringContaining('HOST=0.0.0.0') });
    expect(judgeReach({ HOST: '0.0.0.0', TLS: 'off', PORT: 5075 }).fix).toContain('TLS=self-signed');
  });
});

describe('judgeClockSkew', () => {
  it('warns beyond 1 s and fails beyond 5 s, either way, with the NTP fix', () => {
    expect(CLOCK_SKEW).toEqual({ warnMs: 1_000, failMs: 5_000 });
    expect(judgeClockSkew('binance', 1_000).status).toBe('ok');
    expect(judgeClockSkew('binance', -1_001).status).toBe('warn');
    expect(judgeClockSkew('binance', 5_000).status).toBe('warn');
    const far = judgeClockSkew('binance', -5_001);
    expect(far.status).toBe('fail');
    expect(far.fix).toContain('timedatectl set-ntp true');
    expect(judgeClockSkew('binance', undefined, 'simulator mode')).toMatchObject({
      status: 'skip',
      detail: 'simulator mode',
    });
  });
});

describe('judgeKeyPermissions', () => {
  const source = 'GET /sapi/v1/account/apiRestrictions';
  it('trade and no withdrawal: both ok', () => {
    const [trade, withdraw] = judgeKeyPermissions('binance', { canTrade: true, canWithdraw: false, source });
    expect(trade).toMatchObject({ check: KEYS_CHECK, status: 'ok' });
    expect(withdraw).toMatchObject({ check: WITHDRAW_CHECK, status: 'ok' });
  });
  it('a key that can withdraw: a warning that says so', () => {
    const [, withdraw] = judgeKeyPermissions('okx', { canTrade: true, canWithdraw: true, source });
    expect(withdraw).toMatchObject({
      status: 'warn',
      detail: expect.stringContaining('these keys can withdraw: make keys without withdrawal rights'),
      fix: expect.stringContaining('exchange-keys set'),
    });
  });
  it('a key that cannot trade fails; an exchange that does not say is a note, not a pass', () => {
    const [trade] = judgeKeyPermissions('coinbase', { canTrade: false, canWithdraw: false, source });
    expect(trade).toMatchObject({ status: 'fail', detail: expect.stringContaining('cannot trade') });
    const kraken = judgeKeyPermissions('kraken', {
      canTrade: true,
      canWithdraw: null,
      source: "Kraken does not report a key's permissions",
    });
    expect(kraken.map((c) => c.status)).toEqual(['ok', 'skip']);
    expect(kraken[1]?.detail).toContain('kraken does not report whether the keys can withdraw');
    expect(judgeKeyPermissions('bitfinex', { canTrade: null, canWithdraw: null, source })[0]?.status).toBe(
      'warn',
    );
  });
  it('failures: no keys, refused keys, out of reach', () => {
    expect(judgeKeysFailure('kraken', { errorName: 'EXCHANGE_KEYS_MISSING', detail: '' })[0]).toMatchObject({
      status: 'fail',
      fix: expect.stringContaining('exchange-keys set'),
    });
    expect(judgeKeysFailure('okx', { errorName: 'EXCHANGE_AUTH_FAILED', detail: 'x' })[0]?.detail).toContain(
      'okx refuses the keys',
    );
    expect(
      judgeKeysFailure('okx', { errorName: 'EXCHANGE_CONFIG_INVALID', detail: 'paper' })[0]?.fix,
    ).toContain('restart it');
    expect(
      judgeKeysFailure('okx', { errorName: 'EXCHANGE_UNAVAILABLE', detail: 'ECONNREFUSED' })[0],
    ).toMatchObject({
      status: 'fail',
      fix: expect.stringContaining('EXCHANGE_API_URL'),
    });
  });
});
