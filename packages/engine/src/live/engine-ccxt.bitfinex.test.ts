import { describeExchangeFaults, useCcxtEngine } from './testing/ccxt-engine-suite.js';

// One file per exchange, so the five run side by side (testing/ccxt-engine-suite.ts).
useCcxtEngine();
describeExchangeFaults('bitfinex');
