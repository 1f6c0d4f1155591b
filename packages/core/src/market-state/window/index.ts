export * from './config.js';
export * from './splits.js';
export * from './update-window.js';
export * from './window-extremes-scan.js';
export * from './window-state.js';
