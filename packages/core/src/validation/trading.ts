import { z } from 'zod';
import { strategyConfigSchema } from '../strategy/config.js';
import { STRATEGY_TEMPLATES, type StrategyTemplateId } from '../strategy/templates.js';
import { queryIntegerInRange } from './generic.js';

/**
 * Arguments of the position, transaction and market-state config routes (docs/trading-api.md), shared by the server and the web app.
 */

/** A record id in a route (`/position/record/:id`): a positive integer, as text. */
export const recordIdParamsSchema = z.object({
  id: queryIntegerInRange(1, Number.MAX_SAFE_INTEGER, 'The id must be a positive integer'),
});

/** A crash id as the reversal indicator names it: `crash-<start ms>`. */
export const CRASH_ID_PATTERN = /^crash-\d{1,16}$/;
export const crashIdParamsSchema = z.object({
  id: z
    .string({ error: 'The crash id must look like crash-<start ms>' })
    .regex(CRASH_ID_PATTERN, 'The crash id must look like crash-<start ms>'),
});

const PLAIN_DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

/** A plain decimal string (no sign or exponent, ≤ 20 digits before and 18 after the point). */
function decimalString(name: string, positive: boolean) {
  const message = `The ${name} must be a decimal string ${positive ? 'greater than 0' : '≥ 0'}`;
  return z
    .string({ error: message })
    .regex(PLAIN_DECIMAL, message)
    .refine((value) => !positive || /[1-9]/.test(value), message);
}

/**
 * A trade the operator enters for the active position (docs/strategy.md#positions). Amounts are decimal
 * strings: `price` quote per BTC, `amount` BTC. `quoteAmount` defaults to price × amount,
 * `commission` to 0 and `commissionAsset` to QUOTE.
 */
export const manualTradeSchema = z.strictObject({
  side: z.enum(['BUY', 'SELL'], { error: 'The side must be BUY or SELL' }),
  time: z.int({ error: 'The time must be epoch milliseconds' }).min(0, 'The time must be epoch milliseconds'),
  price: decimalString('price', true),
  amount: decimalString('amount', true),
  quoteAmount: decimalString('quote amount', true).optional(),
  commission: decimalString('commission', false).optional(),
  commissionAsset: z
    .enum(['BASE', 'QUOTE', 'OTHER'], { error: 'The commission asset must be BASE, QUOTE or OTHER' })
    .optional(),
});
export type ManualTradeInput = z.infer<typeof manualTradeSchema>;

/** Body of POST /position/trade and PUT /position/trade/:id. */
export const manualTradeBodySchema = z.strictObject({ trade: manualTradeSchema });

/** Body of a config PUT: `{newConfig}` checked by the config's own schema. */
export function configUpdateBodySchema<S extends z.ZodType>(config: S) {
  return z.strictObject({ newConfig: config });
}

const TEMPLATE_IDS = Object.keys(STRATEGY_TEMPLATES) as [StrategyTemplateId, ...StrategyTemplateId[]];

/** A strategy template by id, in place of the full strategy. */
export const strategyTemplateSchema = z.strictObject({
  template: z.enum(TEMPLATE_IDS, { error: `The template must be one of ${TEMPLATE_IDS.join(', ')}` }),
});

/** Body of PUT /position/strategy: a full strategy, or `{template}` for a template's values. */
export const strategyUpdateBodySchema = configUpdateBodySchema(
  z.union([strategyConfigSchema, strategyTemplateSchema]),
);
