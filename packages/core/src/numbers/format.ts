// Display formats: amounts, byte sizes, dates, badges, gain colours, messages.
export * from './format-amount.js';
export * from './format-badge.js';
export * from './format-bytes.js';
export * from './format-date.js';
export * from './format-gain.js';
export * from './format-message.js';
