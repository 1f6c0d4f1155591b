import {
  CodedError,
  coinsStateReadSchema,
  exchangeBalancesSchema,
  liquidityStateReadSchema,
  reversalStateReadSchema,
  transactionRecordSchema,
  windowStateReadSchema,
} from '@balancer/core';
import type { EngineSnapshot } from '@balancer/engine';
import type { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route-spec.js';
import { decreaseBodySchema } from './command-wire.js';
import type { EngineCommands } from './engine-commands.js';
import type { EngineHolder } from './engine-holder.js';

function lastTick(holder: EngineHolder): EngineSnapshot {
  const snapshot = holder.require().snapshot();
  if (!snapshot) throw new CodedError('SERVICE_NOT_READY', 'the market state is not computed yet');
  return snapshot;
}

/**
 * The routes that need the live engine (docs/trading-api.md): manual increase/decrease (4, OTP, the
 * strictest tier; on a standby instance run by the instance that trades, through `commands`),
 * balances (2), and the market state of the last tick (1).
 */
export function engineRoutes(holder: EngineHolder, commands: EngineCommands): RouteSpec[] {
  const read = <R extends z.ZodType>(
    url: string,
    summary: string,
    response: R,
    pick: (snapshot: EngineSnapshot) => z.input<R>,
  ) =>
    defineRoute({
      method: 'GET',
      url,
      summary,
      tag: 'market-state',
      authority: 1,
      otp: false,
      rateTier: 'standard',
      response,
      handler: async () => pick(lastTick(holder)),
    });
  return [
    defineRoute({
      method: 'POST',
      url: '/position/increase',
      summary:
        'Buy now with the increase amount (no gates; the amount rules apply); answers the finished transaction',
      tag: 'position',
      authority: 4,
      otp: true,
      rateTier: 'strict',
      response: transactionRecordSchema,
      handler: async ({ user }) => commands.run({ kind: 'increase' }, user?.nickname ?? 'unknown'),
    }),
    defineRoute({
      method: 'POST',
      url: '/position/decrease',
      summary:
        'Sell a percentage of the active position now (the amount rules apply); answers the finished transaction',
      tag: 'position',
      authority: 4,
      otp: true,
      rateTier: 'strict',
      schema: { body: decreaseBodySchema },
      response: transactionRecordSchema,
      handler: async ({ body, user }) =>
        commands.run({ kind: 'decrease', percentage: body.percentage }, user?.nickname ?? 'unknown'),
    }),
    defineRoute({
      method: 'GET',
      url: '/position/balances',
      summary: 'Free balances on the exchange, read now',
      tag: 'position',
      authority: 2,
      otp: false,
      rateTier: 'standard',
      response: exchangeBalancesSchema,
      handler: async () => {
        const engine = holder.require();
        const balances = await engine.balances();
        return { ...balances, baseAsset: engine.exchange.baseAsset, quoteAsset: engine.exchange.quoteAsset };
      },
    }),
    read(
      '/market-state/window/state',
      "The window's state and split states of the last tick, with its candles",
      windowStateReadSchema,
      (s) => ({
        ...s.marketState.windowState,
        time: s.time,
      }),
    ),
    read(
      '/market-state/liquidity/state',
      'Bid dominance of the last tick (50 and neutral when the book scored nothing)',
      liquidityStateReadSchema,
      (s) => ({
        ...s.marketState.liquidityState,
        time: s.time,
      }),
    ),
    read(
      '/market-state/coins/state',
      'Coins states per family (quote, base) and per symbol, of the last tick',
      coinsStateReadSchema,
      (s) => ({
        ...s.marketState.coinsStates,
        time: s.time,
      }),
    ),
    read(
      '/market-state/reversal/state',
      'The crash in progress, if any, with its reversal points',
      reversalStateReadSchema,
      (s) => ({ reversalState: s.marketState.reversalState ?? null, time: s.time }),
    ),
  ];
}
