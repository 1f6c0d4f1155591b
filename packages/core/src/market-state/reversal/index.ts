export * from './config.js';
export * from './points.js';
export * from './update-reversal.js';
