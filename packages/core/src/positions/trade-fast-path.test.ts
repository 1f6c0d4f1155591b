import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Decimal } from '../numbers/decimal.js';
import { parseWith } from '../validation/parse.js';
import { assertPositionActions, positionActionsSchema } from './actions.js';
import { parseTrades, tradeSchema } from './trade-schema.js';

/** What parseTrades did before its shortcut: the schema, then every amount through toFixed. */
function schemaOnly(input: unknown) {
  return parseWith(z.array(tradeSchema), input, 'INVALID_TRADE').map((trade) => ({
    ...trade,
    price: new Decimal(trade.price).toFixed(),
    amount: new Decimal(trade.amount).toFixed(),
    quoteAmount: new Decimal(trade.quoteAmount).toFixed(),
    commission: new Decimal(trade.commission).toFixed(),
  }));
}

function outcome(run: () => unknown): { value: unknown } | { error: string } {
  try {
    return { value: run() };
  } catch (error) {
    return { error: String(error) };
  }
}

/** Amounts as they come: canonical strings mostly, and every near miss of the canonical form. */
const amount = fc.oneof(
  fc.integer({ min: 0, max: 1e12 }).map((n) => new Decimal(n).dividedBy(1e8).toFixed()),
  fc.constantFrom('0', '1', '10', '0.1', '0.00000001', '100000.5'),
  fc.constantFrom('1.50', '01', '1.', '.5', '1e-7', '-1', '-0', '0.0', ' 1', '1 ', '', 'abc', '+1', '1_0'),
  fc.double({ noNaN: false }),
  fc.constantFrom(null, undefined, true, 12n),
);
const anything = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined));

const canonical = fc.integer({ min: 1, max: 1e12 }).map((n) => new Decimal(n).dividedBy(1e8).toFixed());
/** Plain decimals as exchanges write them: zero-padded to 8 decimals, sometimes leading zeros. */
const padded = fc
  .tuple(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom('', '0', '00'))
  .map(([n, lead]) => lead + new Decimal(n).dividedBy(1e8).toFixed(8));
const plain = fc.oneof(canonical, padded);
/** Trades with plain decimal amounts (the shortcut's case; zero is invalid), or one field replaced. */
const validTrade = fc.record({
  id: fc.string({ minLength: 1, maxLength: 200 }),
  side: fc.constantFrom('BUY', 'SELL'),
  time: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  price: plain,
  amount: plain,
  quoteAmount: plain,
  commission: fc.oneof(plain, fc.constant('0')),
  commissionAsset: fc.constantFrom('BASE', 'QUOTE', 'OTHER'),
});
const nearlyValidTrade = fc
  .tuple(validTrade, fc.constantFrom(...Object.keys(tradeSchema.shape)), fc.oneof(amount, anything))
  .map(([trade, key, value]) => ({ ...trade, [key]: value }));

const sparseTrade = fc.record(
  {
    id: fc.oneof(fc.string({ maxLength: 210 }), anything),
    side: fc.oneof(fc.constantFrom('BUY', 'SELL', 'buy', 'BOTH'), anything),
    time: fc.oneof(
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.constantFrom(-1, -0, 1.5, 2 ** 53, 1e21, Number.NaN, Number.POSITIVE_INFINITY, '5'),
    ),
    price: amount,
    amount,
    quoteAmount: amount,
    commission: amount,
    commissionAsset: fc.oneof(fc.constantFrom('BASE', 'QUOTE', 'OTHER', 'BNB'), anything),
    extra: fc.string(),
  },
  { requiredKeys: [] },
);

describe('parseTrades shortcut', () => {
  it('gives exactly what the schema gives, or the same error', () => {
    fc.assert(
      fc.property(fc.array(tradeLike, { maxLength: 4 }), (input) => {
        expect(outcome(() => parseTrades(input))).toEqual(outcome(() => schemaOnly(input)));
      }),
      { numRuns: 3000 },
    );
  }, 60_000); // 3,000 generated cases: seconds on a loaded machine

  it('takes canonical trades as they are and drops other keys, like the schema', () => {
    const trade = {
      id: 'bt-1',
      side: 'BUY',
      time: 0,
      price: '84123.45',
      amount: '0.01189',
      quoteAmount: '1000.2278205',
      commission: '0',
      commissionAsset: 'QUOTE',
      note: 'kept out',
    };
    const [parsed] = parseTrades([trade]);
    expect(parsed).toEqual(schemaOnly([trade])[0]);
    expect(parsed).not.toBe(trade);
    expect(parsed).not.toHaveProperty('note');
  });
});

const tradeLike = fc.oneof(validTrade, validTrade, nearlyValidTrade, sparseTrade, anything);

const time = fc.oneof(
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(-1, -0, 0.5, 2 ** 53, Number.NaN, null, '1'),
);
const action = fc.oneof(
  fc.record(
    {
      txID: fc.oneof(fc.string({ maxLength: 3 }), fc.constant(5)),
      eventTime: time,
      nextEventTime: fc.oneof(time, fc.constant(undefined)),
      extra: fc.string(),
    },
    { requiredKeys: ['txID', 'eventTime'] },
  ),
  fc.constantFrom(null, [], 'x'),
);
const actionsLike = fc.oneof(
  fc.record(
    {
      increases: fc.oneof(fc.array(action, { maxLength: 3 }), fc.constant(null)),
      decreases: fc.array(fc.oneof(fc.array(action, { maxLength: 2 }), fc.constant({})), {
        minLength: 4,
        maxLength: 6,
      }),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom(null, [], 'actions'),
);

describe('assertPositionActions shortcut', () => {
  it('accepts exactly what the schema accepts', () => {
    fc.assert(
      fc.property(actionsLike, (actions) => {
        const accepted = outcome(() => assertPositionActions(actions));
        expect('error' in accepted).toBe(!positionActionsSchema.safeParse(actions).success);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts long valid lists and names a bad action deep in one', () => {
    const ok = { txID: 'a', eventTime: 1, nextEventTime: null };
    const actions = { increases: Array(50).fill(ok), decreases: [[], [], [ok, ok], [], [ok]] };
    expect(() => assertPositionActions(actions)).not.toThrow();
    const bad = { ...actions, decreases: [[], [], [ok, { ...ok, eventTime: -1 }], [], []] };
    expect(() => assertPositionActions(bad)).toThrow(/decreases\.2\.1\.eventTime/);
  });
});
