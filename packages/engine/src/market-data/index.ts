export * from './candle-store.js';
export * from './candle-table.js';
export * from './csv-layouts.js';
export * from './download.js';
export * from './download-inputs.js';
export * from './load-candles.js';
export * from './parse-candles.js';
export * from './provenance.js';
