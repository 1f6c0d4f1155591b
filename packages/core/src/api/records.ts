import { z } from 'zod';
import { orderReasonSchema } from '../strategy/order-reason-schema.js';
import { decimalTextSchema, epochMsSchema, figureSchema } from './wire.js';

/*
 * The records the HTTP API answers with, one zod schema each with its inferred type, shared by
 * the server that builds them (and checks them in its tests), the OpenAPI document and the web
 * and cli that read them. Money is a decimal string (BTC 8 dp, quote 2 dp); gain and roi are
 * percentages with 2 dp; times are epoch ms; ids are numbers except users' and sessions' (UUIDs).
 */

/** One increase, or one sell of a decrease level, of a position. */
export const positionActionSchema = z.object({
  txID: z.string(),
  eventTime: epochMsSchema,
  /** When the next increase (increase actions) or this level's next sell may happen. */
  nextEventTime: epochMsSchema.nullable(),
});

/** A position computed from its trades at `price`, the latest known price. */
export const positionRecordSchema = z.object({
  id: z.number().int(),
  open: epochMsSchema,
  close: epochMsSchema.nullable(),
  archived: z.boolean(),
  /** The price the figures were computed at (quote per BTC). */
  price: decimalTextSchema,
  entry_price: decimalTextSchema,
  gain: figureSchema,
  amount: decimalTextSchema,
  amount_quote: decimalTextSchema,
  amount_quote_in: decimalTextSchema,
  amount_quote_out: decimalTextSchema,
  pnl: decimalTextSchema,
  roi: figureSchema,
  increase_actions: z.array(positionActionSchema),
  /** One list per decrease level. */
  decrease_actions: z.array(z.array(positionActionSchema)),
  /** The price of each decrease level, in the same order. */
  decrease_price_levels: z.array(decimalTextSchema),
  /**
   * Why the position's newest order was placed (docs/strategy.md#order-reasons): null for one
   * stored before reasons were; absent without an order (and in the essentials' position).
   */
  last_order_reason: orderReasonSchema.nullable().optional(),
});
export type PositionRecord = z.infer<typeof positionRecordSchema>;

/** One stored trade: from the exchange, or entered by hand (`exchange_trade_id` null). */
export const tradeRecordSchema = z.object({
  id: z.number().int(),
  /** The exchange's trade id; null for a manual trade. */
  exchange_trade_id: z.string().nullable(),
  position_id: z.number().int().nullable(),
  transaction_id: z.number().int().nullable(),
  side: z.enum(['BUY', 'SELL']),
  time: epochMsSchema,
  price: decimalTextSchema,
  amount: decimalTextSchema,
  quote_amount: decimalTextSchema,
  commission: decimalTextSchema,
  commission_asset: z.enum(['BASE', 'QUOTE', 'OTHER']),
  source: z.enum(['exchange', 'manual']),
  order_id: z.string().nullable(),
  client_order_id: z.string().nullable(),
});
export type TradeRecord = z.infer<typeof tradeRecordSchema>;

/** Why a transaction was placed; `level` is the decrease level (0–4) of an automatic decrease. */
export const transactionRecordIntentSchema = z.object({
  kind: z.enum(['increase', 'decrease']),
  level: z.number().int().nullable(),
  /** True for the operator's manual increase/decrease. */
  manual: z.boolean(),
});
export type TransactionRecordIntent = z.infer<typeof transactionRecordIntentSchema>;

/** One entry of a transaction's timeline; `outcome` true is shown green, false red. */
export const transactionLogSchema = z.object({
  action: z.enum(['INITIAL_BALANCES', 'EXECUTION', 'CONFIRMATION']),
  outcome: z.boolean(),
  eventTime: epochMsSchema,
  error: z.string().optional(),
  payload: z.unknown().optional(),
});

/** One order's life: placed, confirmed, reconciled; `amount` is BTC, 8 dp. */
export const transactionRecordSchema = z.object({
  id: z.number().int(),
  event_time: epochMsSchema,
  amount: decimalTextSchema,
  side: z.enum(['BUY', 'SELL']),
  status: z.enum(['PROCESSING', 'SUCCEEDED', 'FAILED']),
  attempts: z.number().int().min(0),
  logs: z.array(transactionLogSchema),
  intent: transactionRecordIntentSchema,
  /** The rule, price and amounts the engine decided the order on; null before reasons were stored. */
  reason: orderReasonSchema.nullable(),
  position_id: z.number().int().nullable(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

/**
 * One count of the guessing throttles (docs/security.md, "Guessing"): sign-ins and password
 * updates from devices new to the account (all addresses together), from one address, from one
 * device that signed in before, or the one-time codes of one session.
 */
export const guardThrottleSchema = z.object({
  scope: z.enum(['new-devices', 'address', 'device', 'session']),
  /** The address (scope address) or the session id (scope session); null otherwise. */
  detail: z.string().nullable(),
  failedAttempts: z.number().int().min(0),
  /** Epoch ms until which this scope's attempts are refused; null while it only counts. */
  throttledUntil: epochMsSchema.nullable(),
});
export type GuardThrottle = z.infer<typeof guardThrottleSchema>;

/** Most throttles listed per account (throttled ones first, then the latest). */
export const GUARD_THROTTLES_LISTED = 10;

/**
 * An account's guessing throttles. None of them locks the account: a device that signed in before
 * and an open session are only ever slowed down by their own failures.
 */
export const accountGuardStateSchema = z.object({
  /** Failed passwords and codes counted within the last day (new devices, known devices, sessions). */
  failedAttempts: z.number().int().min(0),
  /** Epoch ms until which sign-ins from new devices are refused; null when they are not. */
  newDevicesThrottledUntil: epochMsSchema.nullable(),
  /** The counts themselves, at most GUARD_THROTTLES_LISTED. */
  throttles: z.array(guardThrottleSchema).max(GUARD_THROTTLES_LISTED),
});
export type AccountGuardState = z.infer<typeof accountGuardStateSchema>;

/** A user as the API shows it: never a hash or a secret. */
export const userRecordSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  authority: z.number().int().min(1).max(5),
  /** False until the user has set a password with their OTP code. */
  password_set: z.boolean(),
  created_at: epochMsSchema,
  /** Failed password and code attempts, and the throttles they caused. */
  guard: accountGuardStateSchema,
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** What root hands a user so they can add the secret to an authenticator app. */
export const otpHandoverSchema = z.object({ otpSecret: z.string(), otpauthUri: z.string() });
export type OtpHandover = z.infer<typeof otpHandoverSchema>;

/** One password update in a user's history (GET /auth/user/:id/password-updates). */
export const passwordUpdateSchema = z.object({
  id: z.string(),
  event_time: epochMsSchema,
  ip: z.string().nullable(),
});
export type PasswordUpdate = z.infer<typeof passwordUpdateSchema>;

/**
 * A session (one signed-in device): no token material. `current` marks the session the request
 * asking for the list was made in ("this device").
 */
export const sessionRecordSchema = z.object({
  id: z.string(),
  created_at: epochMsSchema,
  last_used_at: epochMsSchema,
  expires_at: epochMsSchema,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** One stored notification. */
export const notificationRecordSchema = z.object({
  id: z.number().int(),
  sender: z.string(),
  title: z.string(),
  description: z.string(),
  event_time: epochMsSchema,
});
export type NotificationRecord = z.infer<typeof notificationRecordSchema>;

/** Lists of records, as the list routes answer them (newest first unless the route says so). */
export const positionRecordListSchema = z.array(positionRecordSchema);
export const tradeRecordListSchema = z.array(tradeRecordSchema);
export const transactionRecordListSchema = z.array(transactionRecordSchema);
