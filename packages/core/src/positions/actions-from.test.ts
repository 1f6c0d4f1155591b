import { describe, expect, it } from 'vitest';
import { DEFAULT_STRATEGY_CONFIG } from '../strategy/templates.js';
import { actionsFromOrders } from './actions-from.js';

const HOUR = 3_600_000;

describe('actionsFromOrders', () => {
  it('rebuilds increases and level sells in time order; a manual sell records nothing', () => {
    const actions = actionsFromOrders(
      [
        { txID: '7', side: 'SELL', level: 0, eventTime: 5 * HOUR },
        { txID: '3', side: 'BUY', level: null, eventTime: 1 * HOUR },
        { txID: '9', side: 'SELL', level: null, eventTime: 6 * HOUR },
      ],
      DEFAULT_STRATEGY_CONFIG,
    );
    // Eager Scalper: idle 48 h incremental → first increase waits 48 h × 1; level 1 sells every 240 min.
    expect(actions.increases).toEqual([{ txID: '3', eventTime: HOUR, nextEventTime: HOUR + 48 * HOUR }]);
    expect(actions.decreases[0]).toEqual([
      { txID: '7', eventTime: 5 * HOUR, nextEventTime: 5 * HOUR + 4 * HOUR },
    ]);
    expect(actions.decreases.slice(1).flat()).toEqual([]);
  });
});
