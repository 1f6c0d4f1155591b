import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { codeAt } from '../../features/accounts/test-support.js';
import { type SpawnedServer, spawnServer } from '../spawn-server.js';
import { CRASH_VENUES } from './crash-setup.js';
import { marketStateReady, prepareLiveServer, type Trader, traderRequest } from './in-flight-setup.js';
import { doublePlacements } from './ledger.js';

/**
 * Issue 34's "done when": `EXCHANGE_MODE=live EXCHANGE=<each of the five>` starts against its
 * stand-in (which checks every private request's signature as the exchange documents it) and
 * trades through a buy and a sell. The built server, as `npm start` runs it, on a fresh PGlite
 * data folder, with ccxt's own request throttle for each exchange (Kraken's and Bitfinex's
 * private calls one at a time, as their nonces demand); the operator's manual orders through the
 * API with real one-time codes. Each run prints how long the buy took to reach the exchange.
 */
interface TransactionAnswer {
  side: string;
  status: string;
  amount: string;
  client_order_id: string;
  position_id: number;
}

/** An API call to the spawned server as the trader. */
const send = (server: SpawnedServer, trader: Trader, url: string, init: RequestInit) =>
  traderRequest(`${server.url}${url}`, trader, init);

const STEP_MS = 30_000;

const VENUE_IDS = Object.keys(CRASH_VENUES) as Array<keyof typeof CRASH_VENUES>;

// Side by side: each server waits 10 s after an order before it looks the order up (docs/engine.md).
describe('live trading on each exchange', () => {
  it.concurrent.for(VENUE_IDS)(
    '%s: starts against its stand-in, buys, sells the position whole, stops cleanly',
    { timeout: 120_000 },
    async (venueId, { expect }) => {
      const venue = await CRASH_VENUES[venueId]();
      const dataDir = mkdtempSync(path.join(tmpdir(), `balancer-live-${venueId}-`));
      let server: SpawnedServer | undefined;
      try {
        const { env, trader } = await prepareLiveServer(venue, { dataDir });
        // ccxt's own throttle for each exchange, as an operator runs it (the stand-in has no limits).
        const { EXCHANGE_RATE_LIMIT_MS: _stand_in_only, ...defaults } = env;
        server = await spawnServer({ ...defaults, EXCHANGE_MODE: 'live' });
        await marketStateReady(server.url, trader);

        // The essentials say what is traded, and that it is real money (the stand-in's play money).
        const essentials = await send(server, trader, '/data-join/app-essentials', {});
        expect(essentials.data).toMatchObject({
          exchangeConfig: {
            name: expect.stringContaining(venueId),
            simulated: false,
            replay: false,
            baseAsset: 'BTC',
            quoteAsset: venue.env.QUOTE_ASSET ?? 'USDT',
          },
        });

        // Two codes of consecutive time steps: the server spends each step once per user.
        const now = Date.now();
        const placements = () => venue.requests().filter((r) => venue.isOrderRequest(r, 'place')).length;
        const asked = performance.now();
        const buying = send(server, trader, '/position/increase', {
          method: 'POST',
          headers: { 'otp-token': await codeAt(trader.otpSecret, now) },
        });
        // Printed, not asserted (timings are the benchmarks' business): the issue asks ≤ 5 s.
        while (placements() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        const reachedMs = Math.round(performance.now() - asked);
        process.stdout.write(
          `[${venueId}] the manual buy reached the exchange ${reachedMs} ms after it was asked\n`,
        );
        const bought = await buying;
        expect(bought.error).toBeNull();
        const buy = bought.data as TransactionAnswer;
        expect(buy).toMatchObject({ side: 'BUY', status: 'SUCCEEDED' });
        expect(venue.orders().map((o) => o.side)).toEqual(['BUY']);
        const sold = await send(server, trader, '/position/decrease', {
          method: 'POST',
          headers: { 'otp-token': await codeAt(trader.otpSecret, now + STEP_MS) },
          body: JSON.stringify({ percentage: 100 }),
        });
        expect(sold.error).toBeNull();
        expect(sold.data).toMatchObject({ side: 'SELL', status: 'SUCCEEDED' });
        expect(venue.orders().map((o) => o.side)).toEqual(['BUY', 'SELL']);
        expect(doublePlacements(venue.orders())).toEqual([]);

        const position = await send(server, trader, `/position/record/${buy.position_id}`, {});
        expect(position.data).toMatchObject({ close: expect.any(Number) });
        expect(await server.stop()).toBe(0);
        server = undefined;
      } finally {
        await server?.stop();
        await venue.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
