export * from './api/envelope.js';
export type * from './api/records.js';
export * from './errors/index.js';
export * from './market-state/index.js';
export * from './numbers/index.js';
export * from './positions/index.js';
export * from './strategy/index.js';
export * from './transactions/index.js';
export * from './validation/index.js';
