export * from './run-job.js';
export * from './thread.js';
