export * from './coins/index.js';
export * from './liquidity/index.js';
export * from './reversal/index.js';
export * from './state-mapping.js';
export * from './types.js';
export * from './window/index.js';
