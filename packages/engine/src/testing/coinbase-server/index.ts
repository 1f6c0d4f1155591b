export { COINBASE_JWT_MAX_LIFE_S } from './jwt.js';
export { type CoinbaseServer, type CoinbaseServerOptions, startCoinbaseServer } from './server.js';
