import {
  btcMarket,
  createKitState,
  type StandInOptions,
  type StandInServer,
  startStandIn,
} from '../exchange-kit/index.js';
import { marketRoutes } from './market-endpoints.js';
import { OKX_MESSAGES } from './okx-error.js';
import { type OkxCredentials, verifyOkxRequest } from './signing.js';
import { type DuplicateClientIds, tradeRoutes } from './trade-endpoints.js';

/** Defaults: 10000 USDT and 0 BTC; BTC-USDT and BTC-USDC at 30000 with OKX's rules (tick 0.1, lot 1e-8, minimum 0.00001). */
export interface OkxServerOptions extends StandInOptions, Partial<OkxCredentials> {
  /** A repeated clOrdId: refused 51016 as OKX does (default), or placed again (duplicate-counting tests). */
  duplicateClientIds?: DuplicateClientIds;
}

/** `url` is ccxt's `urls.api.rest`. */
export type OkxServer = StandInServer<OkxCredentials>;

/**
 * Starts an OKX v5 REST stand-in (spot, cash mode) written from OKX's API documentation: public
 * instruments, ticker, books and candles; private balance, place (single and batch), order by
 * ordId or clOrdId, pending orders, order history, fills and cancel, each signed as OKX's REST
 * authentication describes (signing.ts). Fees are taken in the asset received.
 */
export async function startOkxServer(options: OkxServerOptions = {}): Promise<OkxServer> {
  let ordId = 700_000_000_000_000_000n;
  const state = createKitState({
    markets: options.markets ?? [btcMarket('USDT'), btcMarket('USDC')],
    balances: options.balances ?? { USDT: '10000', BTC: '0' },
    feePolicy: 'received',
    now: options.now,
    permissions: options.permissions,
    nextOrderId: () => String(++ordId),
  });
  const credentials: OkxCredentials = {
    apiKey: options.apiKey ?? 'okx-test-key',
    secret: options.secret ?? 'okx-test-secret',
    passphrase: options.passphrase ?? 'okx-test-passphrase',
    demo: options.demo ?? false,
  };
  const running = await startStandIn(
    {
      routes: [...marketRoutes(state), ...tradeRoutes(state, options.duplicateClientIds)],
      faults: state.faults,
      log: state.requests,
      authenticate: (request) => verifyOkxRequest(request, credentials, state.clock.now()),
      faultAnswer: (fault) =>
        fault.kind === 'rateLimit'
          ? { status: 429, body: { code: '50011', msg: OKX_MESSAGES['50011'], data: [] } }
          : { status: fault.status ?? 503, body: { code: '50001', msg: OKX_MESSAGES['50001'], data: [] } },
      notFound: () => ({ status: 404, body: { code: '404', msg: 'Not Found', data: [] } }),
      internalError: (error) => ({
        status: 500,
        body: { code: '50026', msg: `System error: ${String(error)}`, data: [] },
      }),
    },
    options.port,
  );
  return { ...running, state, credentials };
}
