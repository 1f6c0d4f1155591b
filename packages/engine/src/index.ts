export * from './adapters/ccxt/index.js';
export * from './adapters/simulator/index.js';
export * from './backtest/index.js';
export * from './market-data/index.js';
export * from './ports/exchange.js';
