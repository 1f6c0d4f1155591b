import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangePort, KeyPermissionsPort } from '../../ports/exchange.js';
import { startBinanceServer } from '../../testing/binance-server/index.js';
import { startBitfinexServer } from '../../testing/bitfinex-server/index.js';
import { startCoinbaseServer } from '../../testing/coinbase-server/index.js';
import type { StandInKeyPermissions } from '../../testing/key-permissions.js';
import { startKrakenServer } from '../../testing/kraken-server/index.js';
import { startOkxServer } from '../../testing/okx-server/index.js';
import { errorNameOf } from '../simulator/test-table.js';
import { sapiBase } from './ccxt-client.js';
import { createCcxtExchange } from './ccxt-exchange.js';

/**
 * The key-permissions read of the ccxt adapter against each stand-in: each answers its exchange's
 * documented endpoint, signed like its other private endpoints, from `state.permissions`.
 */
interface Venue {
  exchange: ExchangePort & KeyPermissionsPort;
  permissions: StandInKeyPermissions;
  /** Signed requests to the permissions endpoint the stand-in received. */
  asked(): number;
  /** Orders the stand-in holds (a permissions check must place none). */
  orders(): number;
  close(): Promise<void>;
}

const opened: Venue[] = [];
afterEach(async () => {
  for (const venue of opened.splice(0)) await venue.close();
});

type Start = (secret?: string) => Promise<Venue>;

const common = { timeoutMs: 1_000, rateLimitMs: 5 } as const;

const starts: Record<'binance' | 'kraken' | 'okx' | 'coinbase' | 'bitfinex', Start> = {
  async binance(secret) {
    const server = await startBinanceServer();
    const exchange = await createCcxtExchange({
      exchangeId: 'binance',
      apiKey: 'test-api-key',
      secret: secret ?? 'test-secret',
      quote: 'USDT',
      apiUrl: `${server.url}/api/v3`,
      ...common,
    });
    const path = '/sapi/v1/account/apiRestrictions';
    return {
      exchange,
      permissions: server.state.permissions,
      asked: () => server.state.requests.filter((r) => r.path === path && r.signed).length,
      orders: () => server.state.orders.length,
      close: async () => {
        await exchange.close();
        await server.close();
      },
    };
  },
  async kraken(secret) {
    const server = await startKrakenServer({ balances: { USD: '1000', BTC: '0' } });
    const exchange = await createCcxtExchange({
      exchangeId: 'kraken',
      apiKey: server.state.apiKey,
      secret: secret ?? server.state.secret,
      quote: 'USD',
      apiUrl: server.url,
      ...common,
    });
    return {
      exchange,
      permissions: server.state.permissions,
      asked: () =>
        server.state.requests.filter((r) => r.path === '/0/private/AddOrder' && r.params.validate === 'true')
          .length,
      orders: () => server.state.orders.length,
      close: async () => {
        await exchange.close();
        await server.close();
      },
    };
  },
  async okx(secret) {
    const server = await startOkxServer();
    const exchange = await createCcxtExchange({
      exchangeId: 'okx',
      apiKey: server.credentials.apiKey,
      secret: secret ?? server.credentials.secret,
      passphrase: server.credentials.passphrase,
      quote: 'USDT',
      apiUrl: server.url,
      ...common,
    });
    return kitVenue(exchange, server, '/api/v5/account/config');
  },
  async coinbase(secret) {
    const server = await startCoinbaseServer();
    const other = secret === undefined ? undefined : await startCoinbaseServer();
    await other?.close();
    const exchange = await createCcxtExchange({
      exchangeId: 'coinbase',
      apiKey: server.credentials.keyName,
      // A wrong secret: another server's EC private key, which this one's public key does not verify.
      secret: (other ?? server).credentials.privateKeyPem ?? '',
      quote: 'USD',
      apiUrl: server.url,
      ...common,
    });
    return kitVenue(exchange, server, '/api/v3/brokerage/key_permissions');
  },
  async bitfinex(secret) {
    const server = await startBitfinexServer();
    const exchange = await createCcxtExchange({
      exchangeId: 'bitfinex',
      apiKey: server.credentials.apiKey,
      secret: secret ?? server.credentials.secret,
      quote: 'USD',
      apiUrl: server.url,
      ...common,
    });
    return kitVenue(exchange, server, '/v2/auth/r/permissions');
  },
};

function kitVenue(
  exchange: ExchangePort & KeyPermissionsPort,
  server: {
    state: {
      permissions: StandInKeyPermissions;
      requests: { path: string; private: boolean; refused?: string }[];
      account: { orders: unknown[] };
    };
    close(): Promise<void>;
  },
  path: string,
): Venue {
  return {
    exchange,
    permissions: server.state.permissions,
    asked: () =>
      server.state.requests.filter((r) => r.path === path && r.private && r.refused === undefined).length,
    orders: () => server.state.account.orders.length,
    close: async () => {
      await exchange.close();
      await server.close();
    },
  };
}

async function venue(id: keyof typeof starts, secret?: string): Promise<Venue> {
  const started = await starts[id](secret);
  opened.push(started);
  return started;
}

/** The exchanges whose key-permissions endpoint reports withdrawal rights. */
const REPORTING = ['binance', 'okx', 'coinbase', 'bitfinex'] as const;

describe('ccxt adapter: the key permissions each exchange reports', () => {
  it.each(REPORTING)(
    '%s: trade yes, withdraw no by default; then a key that can withdraw, then one that cannot trade',
    async (id) => {
      const v = await venue(id);
      expect(await v.exchange.keyPermissions()).toMatchObject({ canTrade: true, canWithdraw: false });
      v.permissions.withdraw = true;
      expect(await v.exchange.keyPermissions()).toMatchObject({ canTrade: true, canWithdraw: true });
      v.permissions.trade = false;
      v.permissions.withdraw = false;
      expect(await v.exchange.keyPermissions()).toMatchObject({ canTrade: false, canWithdraw: false });
      // Each answer came from the signed endpoint, and nothing was placed.
      expect(v.asked()).toBe(3);
      expect(v.orders()).toBe(0);
    },
  );

  it.each(REPORTING)('%s: a wrong secret is EXCHANGE_AUTH_FAILED, not an answer', async (id) => {
    const v = await venue(id, id === 'coinbase' ? 'other' : 'not-the-secret');
    expect(await errorNameOf(() => v.exchange.keyPermissions())).toBe('EXCHANGE_AUTH_FAILED');
  });

  it('kraken: reports no withdrawal right; trading proven by an order it only validates', async () => {
    const v = await venue('kraken');
    const allowed = await v.exchange.keyPermissions();
    expect(allowed).toEqual({
      canTrade: true,
      canWithdraw: null,
      source: expect.stringContaining("Kraken does not report a key's permissions"),
    });
    v.permissions.withdraw = true;
    expect((await v.exchange.keyPermissions()).canWithdraw).toBeNull();
    v.permissions.trade = false;
    expect((await v.exchange.keyPermissions()).canTrade).toBe(false);
    expect(v.asked()).toBe(3);
    expect(v.orders()).toBe(0);
  });

  it('kraken: a wrong secret fails on the private read (Balance) before any order', async () => {
    const v = await venue('kraken', Buffer.from('another key').toString('base64'));
    expect(await errorNameOf(() => v.exchange.keyPermissions())).toBe('EXCHANGE_AUTH_FAILED');
    expect(v.asked()).toBe(0);
  });

  it.each(['binance', 'kraken'] as const)('%s: a key that cannot trade is refused orders too', async (id) => {
    const v = await venue(id);
    v.permissions.trade = false;
    expect(await errorNameOf(() => v.exchange.marketOrder('BUY', '0.001', 'bal-n1'))).toBe(
      'EXCHANGE_AUTH_FAILED',
    );
    expect(v.orders()).toBe(0);
  });

  it('an exchange nothing answers on: EXCHANGE_UNAVAILABLE', async () => {
    const exchange = await createCcxtExchange({
      exchangeId: 'okx',
      apiKey: 'okx-test-key',
      secret: 'okx-test-secret',
      passphrase: 'okx-test-passphrase',
      quote: 'USDT',
      apiUrl: 'http://127.0.0.1:9',
      ...common,
    });
    try {
      expect(await errorNameOf(() => exchange.keyPermissions())).toBe('EXCHANGE_UNAVAILABLE');
    } finally {
      await exchange.close();
    }
  });

  it("Binance's SAPI base follows EXCHANGE_API_URL", () => {
    expect(sapiBase('http://127.0.0.1:9000/api/v3')).toBe('http://127.0.0.1:9000/sapi/v1');
    expect(sapiBase('https://gateway.example/binance/')).toBe('https://gateway.example/sapi/v1');
  });
});

describe('ccxt adapter: Binance testnet', () => {
  it('asks nothing (the testnet serves no /sapi; ccxt would ask production) and reports nothing', async () => {
    const exchange = await createCcxtExchange({
      exchangeId: 'binance',
      apiKey: 'test-api-key',
      secret: 'test-secret',
      quote: 'USDT',
      sandbox: true,
      ...common,
    });
    try {
      expect(await exchange.keyPermissions()).toMatchObject({ canTrade: null, canWithdraw: null });
    } finally {
      await exchange.close();
    }
  });
});
