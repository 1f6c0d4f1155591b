export { createCcxtClient } from './ccxt-client.js';
export { createCcxtExchange } from './ccxt-exchange.js';
export { parseCcxtExchangeOptions } from './config.js';
export { translateCcxtError } from './errors.js';
