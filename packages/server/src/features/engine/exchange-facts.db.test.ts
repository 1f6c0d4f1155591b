import { appEssentialsSchema, type ExchangeConfig } from '@balancer/core';
import { type KrakenServer, startKrakenServer } from '@balancer/engine/testing/kraken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReadyApp, type ReadyApp } from '../../testing/ready-app.js';
import { databaseKinds, type TestDatabase } from '../../testing/test-databases.js';
import { call } from '../accounts/test-support.js';
import { signedInOperator } from './test-support.js';

// The exchange facts the Server screen shows (docs/exchanges.md, Markets and rules): the real app
// trading live on the Kraken stand-in, whose buy fee is charged in the quote asset.

for (const { kind, create } of databaseKinds('migrated')) {
  describe(`the exchange, market and its rules in the essentials: live on Kraken [${kind}]`, () => {
    let target: TestDatabase | undefined;
    let ready: ReadyApp | undefined;
    let kraken: KrakenServer | undefined;
    const app = () => {
      if (!ready) throw new Error('the ready app is not built yet');
      return ready;
    };

    beforeAll(async () => {
      kraken = await startKrakenServer({ balances: { USD: '1000', BTC: '0' } });
      target = await create();
      ready = await buildReadyApp(target, {
        config: {
          EXCHANGE_MODE: 'live',
          EXCHANGE: 'kraken',
          QUOTE_ASSET: 'USD',
          EXCHANGE_API_URL: kraken.url,
          EXCHANGE_API_KEY: kraken.state.apiKey,
          EXCHANGE_API_SECRET: kraken.state.secret,
          EXCHANGE_RATE_LIMIT_MS: 20,
        },
      });
    });
    afterAll(async () => {
      await ready?.close();
      await target?.dispose();
      await kraken?.close();
    });

    it('names the exchange, says it is real money and gives the rules read from its markets', async () => {
      const viewer = await signedInOperator(app(), 1);
      const essentials = appEssentialsSchema.parse(await viewer.read('/data-join/app-essentials'));
      expect(essentials.exchangeConfig).toEqual<ExchangeConfig>({
        name: 'kraken (live)',
        simulated: false,
        replay: false,
        baseAsset: 'BTC',
        quoteAsset: 'USD',
        mode: expect.any(String),
        venue: { id: 'kraken', displayName: 'Kraken', kind: 'live', sandbox: false },
        // The stand-in's XBTUSD pair (kraken-server/pairs.ts): lot_decimals 8, ordermin 0.00005,
        // costmin 0.5, pair_decimals 1.
        market: {
          symbol: 'BTC/USD',
          amountStep: '0.00000001',
          minAmount: '0.00005',
          minNotional: '0.5',
          priceStep: '0.1',
          // The stand-in's AssetPairs carry no fee schedule: ccxt's Kraken taker rate, 0.0026 × 100.
          takerFeePercent: '0.26',
          buyFeeAsset: 'USD', // Kraken charges a buy's fee in the quote asset
        },
      });
    });

    it('answers the essentials only to a signed-in caller', async () => {
      const anonymous = await call(app().app, { method: 'GET', url: '/data-join/app-essentials' });
      expect(anonymous.success).toBe(false);
    });
  });
}
