export { type BitfinexServer, type BitfinexServerOptions, startBitfinexServer } from './server.js';
export { bitfinexSign } from './signing.js';
