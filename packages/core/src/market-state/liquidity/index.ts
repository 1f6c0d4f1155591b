export * from './book.js';
export * from './config.js';
export * from './liquidity-state.js';
export * from './thresholds.js';
