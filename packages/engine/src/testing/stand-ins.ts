/**
 * The OKX, Coinbase Advanced Trade and Bitfinex stand-ins and the exchange-neutral kit behind
 * them, for tests outside the engine package (`@balancer/engine/testing/stand-ins`).
 */

export * from './bitfinex-server/index.js';
export * from './coinbase-server/index.js';
export { flatCandles, minuteCandles } from './exchange-kit/fixtures.js';
export * from './exchange-kit/index.js';
export { engineClientId, kitLedger } from './kit-ledger.js';
export * from './live-env.js';
export * from './okx-server/index.js';
