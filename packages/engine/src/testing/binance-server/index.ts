export { BINANCE_MESSAGES, BinanceError } from './binance-error.js';
export type { BinanceServerState } from './exchange-state.js';
export { COMMISSION_RATE } from './place-order.js';
export { type BinanceServer, type BinanceStreams, startBinanceServer } from './server.js';
export { signPayload } from './signing.js';
export { BTCUSDT_FILTERS } from './symbols.js';
export type * from './types.js';
