import { CodedError, Decimal } from '@balancer/core';
import type { ExchangeOrder, ExchangeTrade, MarketRules, OrderSide } from '../../ports/exchange.js';
import type { AccountStateStore } from '../account-state.js';
import { bookFill, checkAmount, type FillLevel, type Ledger, planFill } from './fill.js';
import { type AccountSnapshot, parseAccountSnapshot } from './snapshot.js';

/** Binance's rule for client order ids: 1–36 of these characters. */
const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

export interface SimulatedAccountOptions {
  /** Which adapter owns it; also prefixes ids ('sim-order-1', 'paper-order-1'). */
  kind: AccountSnapshot['kind'];
  rules: MarketRules;
  /** Starting free balances, used only when the store holds nothing. */
  balances: Ledger;
  /** Fee as a fraction of the quote value, e.g. 0.001. */
  feeRate: Decimal;
  /** Clock, epoch ms: the time of each order and fill. */
  now: () => number;
  store?: AccountStateStore | undefined;
}

/**
 * The spot account shared by the simulator and the paper adapter: balances, orders by client
 * order id and their fills. Orders are idempotent by client order id (a repeated id returns the
 * first order unchanged); a refused order is not recorded, as on Binance, so its id can be used
 * again. Orders run one at a time. With a store, the state is loaded (and validated) when the
 * account opens and saved after every order before the order is returned; if the save fails
 * the order is undone (EXCHANGE_ACCOUNT_STATE_SAVE_FAILED), so the stored and the in-memory
 * account never disagree.
 */
export class SimulatedAccount {
  private ledger: Ledger;
  private readonly orders = new Map<string, ExchangeOrder>();
  private tail: Promise<unknown> = Promise.resolve();
  private readonly prefix: string;

  private constructor(private readonly options: SimulatedAccountOptions) {
    this.ledger = { ...options.balances };
    this.prefix = options.kind === 'simulator' ? 'sim' : 'paper';
  }

  /** Opens the account, restoring the stored state when there is one. */
  static async open(options: SimulatedAccountOptions): Promise<SimulatedAccount> {
    const account = new SimulatedAccount(options);
    const saved = options.store ? await options.store.load() : null;
    if (saved !== null && saved !== undefined) {
      const snapshot = parseAccountSnapshot(saved, options.kind, options.rules.symbol);
      account.ledger = {};
      for (const [asset, amount] of Object.entries(snapshot.balances))
        account.ledger[asset] = new Decimal(amount);
      for (const order of snapshot.orders) account.orders.set(order.clientOrderId, order);
    }
    return account;
  }

  /** Free balances as decimal strings. */
  balances(): Record<string, string> {
    const free: Record<string, string> = {};
    for (const [asset, amount] of Object.entries(this.ledger)) free[asset] = amount.toFixed();
    return free;
  }

  order(clientOrderId: string): ExchangeOrder | null {
    const order = this.orders.get(clientOrderId);
    return order ? structuredClone(order) : null;
  }

  /** Fills at or after `since` (ms), in placement order. */
  trades(since: number): ExchangeTrade[] {
    if (!Number.isFinite(since)) throw new CodedError('EXCHANGE_REQUEST_INVALID', `since ${since}`);
    return [...this.orders.values()].flatMap((order) =>
      order.fills
        .filter((fill) => fill.time >= since)
        .map((fill) => ({
          ...fill,
          side: order.side,
          orderId: order.exchangeOrderId,
          clientOrderId: order.clientOrderId,
        })),
    );
  }

  /**
   * A market order filled at once from `levels()` (best first; asked only for a new order).
   * Refusals throw the exchange's coded errors and change nothing.
   */
  marketOrder(
    side: OrderSide,
    amount: string,
    clientOrderId: string,
    levels: (side: OrderSide) => Promise<FillLevel[]>,
  ): Promise<ExchangeOrder> {
    const run = this.tail.then(() => this.place(side, amount, clientOrderId, levels));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async place(
    side: OrderSide,
    amountText: string,
    clientOrderId: string,
    levels: (side: OrderSide) => Promise<FillLevel[]>,
  ): Promise<ExchangeOrder> {
    if (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID.test(clientOrderId)) {
      throw new CodedError('EXCHANGE_ORDER_INVALID', `client order id ${String(clientOrderId)}`);
    }
    const existing = this.orders.get(clientOrderId);
    if (existing) return structuredClone(existing);
    if (side !== 'BUY' && side !== 'SELL')
      throw new CodedError('EXCHANGE_ORDER_INVALID', `side ${String(side)}`);
    const { rules, feeRate } = this.options;
    const amount = checkAmount(amountText, rules);
    const plan = planFill(amount, await levels(side), rules, feeRate);
    const time = this.options.now();
    const before = { ...this.ledger };
    bookFill(this.ledger, side, plan, rules);
    const sequence = this.orders.size + 1;
    const fills = plan.parts.map((part, i) => ({
      id:
        plan.parts.length === 1
          ? `${this.prefix}-trade-${sequence}`
          : `${this.prefix}-trade-${sequence}-${i + 1}`,
      price: part.price.toFixed(),
      amount: part.amount.toFixed(),
      quoteAmount: part.quote.toFixed(),
      commission: part.commission.toFixed(),
      commissionAsset: rules.quote,
      time,
    }));
    const order: ExchangeOrder = {
      exchangeOrderId: `${this.prefix}-order-${sequence}`,
      clientOrderId,
      side,
      status: 'FILLED',
      amount: plan.amount.toFixed(),
      filled: plan.amount.toFixed(),
      quoteFilled: plan.quote.toFixed(),
      fills,
      time,
    };
    this.orders.set(clientOrderId, order);
    try {
      await this.options.store?.save(this.snapshot());
    } catch (error) {
      this.orders.delete(clientOrderId);
      this.ledger = before;
      const reason = error instanceof Error ? error.message : String(error);
      throw new CodedError('EXCHANGE_ACCOUNT_STATE_SAVE_FAILED', `${clientOrderId}: ${reason.slice(0, 200)}`);
    }
    return structuredClone(order);
  }

  /** The state as the store keeps it (see snapshot.ts). */
  snapshot(): AccountSnapshot {
    return {
      version: 1,
      kind: this.options.kind,
      symbol: this.options.rules.symbol,
      balances: this.balances(),
      orders: structuredClone([...this.orders.values()]),
    };
  }
}
