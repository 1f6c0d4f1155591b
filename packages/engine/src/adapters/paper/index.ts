export * from './paper-exchange.js';
