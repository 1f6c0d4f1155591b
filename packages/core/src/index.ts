export * from './api/envelope.js';
export * from './errors/index.js';
export * from './numbers/index.js';
