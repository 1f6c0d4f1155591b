export type { KrakenServerState } from './exchange-state.js';
export { KrakenError } from './kraken-error.js';
export { krakenLedger } from './ledger.js';
export { findPair, KRAKEN_PAIRS, krakenAsset } from './pairs.js';
export { type KrakenServer, startKrakenServer } from './server.js';
export { krakenSignature, verifyKrakenRequest } from './signing.js';
export type * from './types.js';
