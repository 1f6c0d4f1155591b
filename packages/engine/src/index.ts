export * from './backtest/index.js';
export * from './market-data/index.js';
