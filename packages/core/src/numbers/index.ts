export * from './decimal.js';
export * from './fast.js';
export * from './fixed.js';
export * from './format.js';
export * from './returns.js';
export * from './seeded-random.js';
