import type { KrakenServerState } from './exchange-state.js';

/**
 * The Kraken stand-in's orders and trades as the engine's and the crash suites' ledgers compare
 * them (kit-ledger.ts does the same for the stand-ins on the exchange kit). Kraken charges a buy's
 * fee in the quote asset here.
 */
export function krakenLedger(state: KrakenServerState) {
  return {
    orders: () =>
      state.orders.map((o) => ({
        clientOrderId: o.cl_ord_id ?? '',
        side: o.type === 'buy' ? ('BUY' as const) : ('SELL' as const),
      })),
    trades: () =>
      state.trades.map((t) => ({
        id: t.id,
        side: t.type === 'buy' ? ('BUY' as const) : ('SELL' as const),
        amount: t.vol,
        commission: t.fee,
        commissionInBase: false,
      })),
  };
}
