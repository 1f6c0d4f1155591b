import type { PositionAction } from '../positions/types.js';
import type { TransactionLog, TransactionSide, TransactionStatus } from '../transactions/types.js';

/*
 * The records the HTTP API answers with (product-spec §3), shared by the server that builds them
 * and the web and cli that read them. Money is a decimal string (BTC 8 dp, quote 2 dp); gain and
 * roi are percentages with 2 dp; times are epoch ms; ids are numbers except users' and sessions'.
 */

/** A position computed by computePosition from its trades at `price`, the latest known price. */
export interface PositionRecord {
  id: number;
  open: number;
  close: number | null;
  archived: boolean;
  /** The price the figures were computed at (quote per BTC). */
  price: string;
  entry_price: string;
  gain: number;
  amount: string;
  amount_quote: string;
  amount_quote_in: string;
  amount_quote_out: string;
  pnl: string;
  roi: number;
  increase_actions: PositionAction[];
  /** One list per decrease level. */
  decrease_actions: PositionAction[][];
  /** The price of each decrease level, in the same order. */
  decrease_price_levels: string[];
}

/** One stored trade: from the exchange, or entered by hand (`exchange_trade_id` null). */
export interface TradeRecord {
  id: number;
  /** The exchange's trade id; null for a manual trade. */
  exchange_trade_id: string | null;
  position_id: number | null;
  transaction_id: number | null;
  side: 'BUY' | 'SELL';
  time: number;
  price: string;
  amount: string;
  quote_amount: string;
  commission: string;
  commission_asset: 'BASE' | 'QUOTE' | 'OTHER';
  source: 'exchange' | 'manual';
  order_id: string | null;
  client_order_id: string | null;
}

/** Why a transaction was placed; `level` is the decrease level (0–4) of an automatic decrease. */
export interface TransactionRecordIntent {
  kind: 'increase' | 'decrease';
  level: number | null;
  /** True for the operator's manual increase/decrease. */
  manual: boolean;
}

/** One order's life (reference §2.5); `amount` is BTC, 8 dp. */
export interface TransactionRecord {
  id: number;
  event_time: number;
  amount: string;
  side: TransactionSide;
  status: TransactionStatus;
  attempts: number;
  logs: TransactionLog[];
  intent: TransactionRecordIntent;
  position_id: number | null;
}

/** A user as the API shows it: never a hash or a secret. */
export interface UserRecord {
  id: string;
  nickname: string;
  authority: number;
  /** False until the user has set a password with their OTP code. */
  password_set: boolean;
  created_at: number;
  /** Failed password and code attempts since the last success, and the lock they caused. */
  guard: AccountGuardState;
}

/**
 * The per-account limit on guessing: consecutive failed passwords and one-time codes, whatever
 * the source address; past the free ones the account is locked for a time that doubles.
 */
export interface AccountGuardState {
  failedAttempts: number;
  /** Epoch ms until which every attempt is refused; null when not locked. */
  lockedUntil: number | null;
}

/** What root hands a user so they can add the secret to an authenticator app. */
export interface OtpHandover {
  otpSecret: string;
  otpauthUri: string;
}

/** One password update in a user's history (GET /auth/user/:id/password-updates). */
export interface PasswordUpdate {
  id: string;
  event_time: number;
  ip: string | null;
}

/** A session as root sees it: no token material. */
export interface SessionRecord {
  id: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

/** One stored notification. */
export interface NotificationRecord {
  id: number;
  sender: string;
  title: string;
  description: string;
  event_time: number;
}
