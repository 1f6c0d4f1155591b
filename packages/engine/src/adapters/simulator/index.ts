export * from './altcoins.js';
export * from './book.js';
export * from './market.js';
export * from './market-config.js';
export * from './price-path.js';
export * from './replay.js';
export * from './simulated-exchange.js';
