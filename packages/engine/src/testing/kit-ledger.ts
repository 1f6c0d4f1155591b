import type { KitState } from './exchange-kit/index.js';

/**
 * The engine's client id from the exchange's own form: OKX drops the dash ('baln7' → 'bal-n7'),
 * Bitfinex keeps the digits ('7' → 'bal-n7'), Coinbase keeps it as it is.
 */
export function engineClientId(exchangeId: string): string {
  return /^[0-9]+$/.test(exchangeId) ? `bal-n${exchangeId}` : exchangeId.replace(/^bal(?!-)/, 'bal-');
}

/**
 * The orders and trades of an exchange-kit stand-in (OKX, Coinbase, Bitfinex) as the engine's
 * suites and the crash ledger compare them: the engine's client ids, sides, fees as positive
 * amounts and whether the fee was taken in BTC.
 */
export function kitLedger(state: KitState) {
  return {
    orders: () =>
      state.account.orders.map((o) => ({
        clientOrderId: engineClientId(o.clientId),
        side: o.side === 'buy' ? ('BUY' as const) : ('SELL' as const),
      })),
    trades: () =>
      state.account.trades.map((t) => ({
        id: String(t.id),
        side: t.side === 'buy' ? ('BUY' as const) : ('SELL' as const),
        amount: t.amount.toString(),
        commission: t.fee.abs().toString(),
        commissionInBase: t.feeAsset === 'BTC',
      })),
  };
}
