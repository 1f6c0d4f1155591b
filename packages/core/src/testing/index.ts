// Test-only helpers, `@balancer/core/testing` for other packages' tests (never shipped: dist/ leaves
// testing/ out; the export resolves under the @balancer/source condition, as vitest runs).
export { codeOf } from './code-of.js';
export { actionsOfPlays, heldPosition, type PositionPlay, randomPlays } from './held-positions.js';
export { MINUTE, randomPrices, randomPriceTexts, randomStrategies } from './random-strategies.js';
