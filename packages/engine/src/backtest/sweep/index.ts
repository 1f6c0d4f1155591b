export * from './data-thread.js';
export * from './parameters.js';
export * from './pool.js';
export * from './run-sweep.js';
export * from './space.js';
export * from './threads.js';
export * from './walk-forward.js';
export * from './warm-pool.js';
