export * from './config.js';
export * from './fill.js';
export * from './open-once.js';
export * from './simulated-account.js';
export * from './simulated-trading.js';
export * from './snapshot.js';
