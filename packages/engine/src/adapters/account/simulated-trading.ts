import { CodedError } from '@balancer/core';
import type {
  ExchangeBalances,
  ExchangeOrder,
  ExchangeTrade,
  OrderSide,
  TradingPort,
} from '../../ports/exchange.js';
import type { FillLevel } from './fill.js';
import { openOnce } from './open-once.js';
import { SimulatedAccount, type SimulatedAccountOptions } from './simulated-account.js';

/**
 * The trading half of the port for adapters that fill orders on a simulated account (simulator,
 * paper): they differ only in the book levels an order fills from (`fillLevels`) and in how the
 * account options are made (`accountOptions`, called once, when the account first opens).
 */
export abstract class SimulatedTrading implements TradingPort {
  abstract readonly name: string;
  /** The fill fee rate of the simulated account (charged in the quote asset, fill.ts). */
  abstract readonly simulatedFillFee: string;
  protected closed = false;
  private readonly account = openOnce(async () => SimulatedAccount.open(await this.accountOptions()));

  constructor(protected readonly now: () => number) {}

  /** Levels, best first, that a `side` market order fills from now. */
  protected abstract fillLevels(side: OrderSide): Promise<FillLevel[]>;
  protected abstract accountOptions(): Promise<SimulatedAccountOptions>;

  /**
   * Opens the account now, restoring the saved state (EXCHANGE_ACCOUNT_STATE_INVALID when it is
   * unreadable). Optional: every trading call opens it on first use; a failed open is retried.
   */
  async start(): Promise<void> {
    await this.openAccount();
  }

  async balances(): Promise<ExchangeBalances> {
    const account = await this.openAccount();
    return { free: account.balances(), time: this.now() };
  }

  async marketOrder(side: OrderSide, amount: string, clientOrderId: string): Promise<ExchangeOrder> {
    const account = await this.openAccount();
    return account.marketOrder(side, amount, clientOrderId, (orderSide) => this.fillLevels(orderSide));
  }

  async orderByClientId(clientOrderId: string): Promise<ExchangeOrder | null> {
    return (await this.openAccount()).order(clientOrderId);
  }

  async trades(since: number): Promise<ExchangeTrade[]> {
    return (await this.openAccount()).trades(since);
  }

  protected checkOpen(): void {
    if (this.closed) throw new CodedError('EXCHANGE_CLOSED', this.name);
  }

  private openAccount(): Promise<SimulatedAccount> {
    this.checkOpen();
    return this.account();
  }
}
