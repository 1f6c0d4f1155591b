import { describe, expect, it } from 'vitest';
import type { Config } from '../../config/schema.js';
import { TEST_CONFIG } from '../../testing/test-app.js';
import { exchangeOptions } from './exchange-options.js';

const live = (overrides: Partial<Config>): Config => ({
  ...TEST_CONFIG,
  EXCHANGE_MODE: 'live',
  EXCHANGE: 'kraken',
  QUOTE_ASSET: 'USD',
  EXCHANGE_STREAMS: true,
  EXCHANGE_API_KEY: 'key',
  EXCHANGE_API_SECRET: 'secret',
  ...overrides,
});

describe('the exchange options from the configuration', () => {
  it('streams market data from the exchange itself by default', () => {
    const options = exchangeOptions(live({ EXCHANGE_API_URL: undefined }), null, 0);
    expect(options).toMatchObject({ kind: 'live', exchange: 'kraken', symbol: 'BTC/USD', streams: true });
  });

  it('keeps a gateway or stand-in on REST unless its websocket is given too', () => {
    const rest = exchangeOptions(live({ EXCHANGE_API_URL: 'http://127.0.0.1:9000' }), null, 0);
    expect(rest).toMatchObject({ apiUrl: 'http://127.0.0.1:9000', streams: false });
    expect(rest).not.toHaveProperty('wsUrl');
    const both = exchangeOptions(
      live({ EXCHANGE_API_URL: 'http://127.0.0.1:9000', EXCHANGE_WS_URL: 'ws://127.0.0.1:9000/ws' }),
      null,
      0,
    );
    expect(both).toMatchObject({ wsUrl: 'ws://127.0.0.1:9000/ws', streams: true });
  });

  it('never streams when EXCHANGE_STREAMS is off', () => {
    const options = exchangeOptions(
      live({ EXCHANGE_STREAMS: false, EXCHANGE_API_URL: 'http://x', EXCHANGE_WS_URL: 'ws://x' }),
      null,
      0,
    );
    expect(options).toMatchObject({ streams: false });
  });

  it('prefers the sealed keys to the settings', () => {
    const options = exchangeOptions(live({}), { apiKey: 'sealed', secret: 'sealed-secret' }, 0);
    expect(options).toMatchObject({ apiKey: 'sealed', secret: 'sealed-secret' });
  });
});
