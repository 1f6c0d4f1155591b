export { createCcxtClient } from './ccxt-client.js';
export { createCcxtExchange } from './ccxt-exchange.js';
export { type CcxtOhlcvOptions, type CcxtOhlcvSource, createCcxtOhlcvSource } from './ccxt-ohlcv.js';
export { CCXT_EXCHANGE_IDS, type CcxtExchangeId, parseCcxtExchangeOptions } from './config.js';
export { translateCcxtError } from './errors.js';
export { checkKeyShape } from './key-shapes.js';
