export { createCcxtExchange } from './ccxt-exchange.js';
export { translateCcxtError } from './errors.js';
