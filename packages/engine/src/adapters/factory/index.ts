export * from './capabilities.js';
export * from './create-exchange.js';
export * from './options.js';
