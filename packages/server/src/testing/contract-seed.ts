import { DEFAULT_STRATEGY_CONFIG, equitySample } from '@balancer/core';
import { REFRESH_COOKIE } from '../features/accounts/refresh-cookie.js';
import { solvedCaptcha } from '../features/accounts/test-support.js';
import { createTestUser, freshCode, signInUser } from '../features/accounts/test-users.js';
import { labContractSamples } from '../features/lab/test-contract.js';
import { samplePushSubscription } from '../features/notifications/test-samples.js';
import { DatabaseEngineStore } from '../trading/engine-store.js';
import { upsertCrash, upsertReversalPoint } from '../trading/market-records.js';
import { ASSETS, exchangeTrade, MINUTE, T0 } from '../trading/test-support.js';
import type { ReadyApp } from './ready-app.js';
import type { Sample } from './route-samples.js';

/** A request's arguments, with headers of its own (the refresh cookie). */
export interface ContractSample extends Sample {
  headers?: Record<string, string>;
}

/** A sample made when the request is sent: it may name a row an earlier request created. */
export type LiveSample = () => ContractSample | Promise<ContractSample>;

const CRASH_ID = `crash-${T0}`;

/**
 * Fills a ready app (engine on the simulator) with at least one row of everything a route lists,
 * for the contract test: a second user with a password and a session, a closed position (store
 * trades) and an active one (a manual increase on the simulator, with its transaction), a crash
 * with reversal points, a blacklist entry, an API error, a notification. Returns the arguments of
 * each route that needs some, naming the seeded rows; routes without one use ROUTE_SAMPLES.
 */
export async function seedContract(ready: ReadyApp): Promise<Record<string, LiveSample>> {
  const { services, db } = ready;
  // No automatic order on a tick while the routes are called.
  await services.trading.settings.putStrategy({
    ...DEFAULT_STRATEGY_CONFIG,
    canIncrease: false,
    canDecrease: false,
  });
  const user = await createTestUser(ready, 2);
  await signInUser(ready, user);

  // A month before the simulator's market time, so that the engine's position comes after it.
  const past = Math.floor(services.clock.marketNow() / MINUTE) * MINUTE - 30 * 24 * 60 * MINUTE;
  const store = new DatabaseEngineStore(ready.platform, ASSETS);
  const closed = await store.addExchangeTrades([
    exchangeTrade('contract-1', 'BUY', past, '95000', '0.002'),
    exchangeTrade('contract-2', 'SELL', past + 30 * MINUTE, '98000', '0.002'),
  ]);
  const closedId = String(closed.opened[0]);
  // An equity sample a minute before the market's now (the engine's ticks add their own).
  const marketMinute = Math.floor(services.clock.marketNow() / MINUTE) * MINUTE;
  await store.recordEquity(equitySample(marketMinute - MINUTE, '1000', '0.002', '95000'));
  const bought = await services.engine.require().increase();
  await ready.tick();
  const transactionId = Number(bought.transaction.id);
  const active = await services.trading.positions.transaction(transactionId);
  const activeId = String(active.position_id);

  await upsertCrash(db, {
    id: CRASH_ID,
    start: T0,
    end: T0 + 10 * MINUTE,
    highestPoints: 80,
    finalPoints: 60,
    reversalEventTime: T0 + 9 * MINUTE,
  });
  await upsertReversalPoint(db, CRASH_ID, {
    time: T0,
    total: 40,
    liquidity: 10,
    coinsQuote: 20,
    coinsBase: 10,
  });

  const now = services.clock.wallNow();
  const entry = await services.blacklist.add({ ip: '198.51.100.20', notes: 'contract test' }, now);
  await services.notifications.add(
    { sender: 'server', title: 'Seeded', description: 'for the contract' },
    now,
  );
  await db
    .insertInto('api_error')
    .values({
      route: '/ip-blacklist/:id',
      url: '/ip-blacklist/1',
      method: 'PUT',
      user_id: null,
      ip: '192.0.2.10',
      error: 'The request is invalid{(6503)}',
      code: 6503,
      args: JSON.stringify({ params: { id: '1' } }),
      event_time: now,
      repeats: 1,
    } as never)
    .execute();

  /** The newest manual trade: the one POST /position/trade made, for the PUT and DELETE after it. */
  const manualTradeId = async () => {
    const row = await db
      .selectFrom('trade')
      .select('id')
      .where('source', '=', 'manual')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return String(row?.id ?? 0);
  };
  const manualTrade = () => ({
    trade: {
      side: 'BUY',
      // Dated by the market clock (the simulator replays the past): a later time is in the future.
      time: Math.floor(services.clock.marketNow() / 1000) * 1000,
      price: '90000',
      amount: '0.0001',
    },
  });
  const position = (id: string) => () => ({ params: { id } });
  const userParams = () => ({ params: { id: user.id } });
  // A session of its own for each refresh: a refresh rotates the cookie, and a reused one ends it.
  const refresh = async () => {
    const { cookie } = await signInUser(ready, user);
    return { headers: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(cookie)}` } };
  };
  const lab = await labContractSamples(services, db);
  return {
    ...lab,
    'POST /auth/jwt/sign-in': async () => ({
      body: {
        nickname: user.nickname,
        password: user.password,
        otpToken: await freshCode(ready, user.otpSecret),
        altchaPayload: await solvedCaptcha(ready.app),
      },
    }),
    'GET /auth/jwt/refresh-jwt': refresh,
    'POST /auth/jwt/refresh-jwt': refresh,
    'GET /auth/user/:id/otp-secret': userParams,
    'GET /auth/user/:id/password-updates': () => ({ ...userParams(), query: { limit: '5' } }),
    'GET /auth/user/:id/sessions': userParams,
    'PATCH /auth/user/:id/nickname': () => ({ ...userParams(), body: { newNickname: 'renamed' } }),
    'PATCH /auth/user/:id/authority': () => ({ ...userParams(), body: { newAuthority: 3 } }),
    'PATCH /auth/user/:id/otp-secret': userParams,
    'PATCH /auth/user/:id/unlock': userParams,
    'PUT /ip-blacklist/:id': () => ({ params: { id: String(entry.id) }, body: { ip: '198.51.100.21' } }),
    'DELETE /ip-blacklist/:id': () => ({ params: { id: String(entry.id) } }),
    'GET /market-state/reversal/event-history/:id': () => ({ params: { id: CRASH_ID } }),
    'PATCH /position/archive/:id': position(closedId),
    'PATCH /position/unarchive/:id': position(closedId),
    'GET /position/record/:id': position(activeId),
    'GET /position/records/range': () => ({
      query: { startAt: String(past - MINUTE), endAt: String(now) },
    }),
    'GET /position/event-history/:id': position(activeId),
    'GET /position/record/trades/:id': position(activeId),
    'GET /position/record/transactions/:id': position(activeId),
    'GET /position/transaction/:id': position(String(transactionId)),
    'POST /position/trade': () => ({ body: manualTrade() }),
    'PUT /position/trade/:id': async () => ({ params: { id: await manualTradeId() }, body: manualTrade() }),
    'DELETE /position/trade/:id': async () => ({ params: { id: await manualTradeId() } }),
    'PUT /notification/push': () => ({ body: samplePushSubscription() }),
  };
}
