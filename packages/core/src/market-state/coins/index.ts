export * from './coins-state.js';
export * from './coins-states.js';
export * from './config.js';
export * from './select.js';
export * from './whitelist.js';
