import type { KitMarket, KitOrder, KitTrade } from '../exchange-kit/index.js';
import { instIdOf } from './market-endpoints.js';

/** OKX order states: live, partially_filled, filled, canceled (a cancelled rest keeps its fills). */
function stateOf(order: KitOrder): string {
  if (order.status === 'open') return order.filled.gt(0) ? 'partially_filled' : 'live';
  return order.status;
}

/**
 * An order as GET /api/v5/trade/order, orders-pending and orders-history report it (spot, cash
 * mode). `sz` is in quote units for a market buy by quote amount (tgtCcy quote_ccy); fees are
 * negative (charged), in the asset received.
 */
export function renderOrder(order: KitOrder, market: KitMarket): Record<string, string> {
  const avgPx = order.filled.gt(0) ? order.cost.div(order.filled).toFixed() : '';
  const last = order.status === 'open' && order.filled.isZero() ? undefined : order;
  const tgtCcy = order.type === 'market' ? (order.quoteAmount ? 'quote_ccy' : 'base_ccy') : '';
  return {
    instType: 'SPOT',
    instId: instIdOf(market),
    tgtCcy,
    ccy: '',
    ordId: order.id,
    clOrdId: order.clientId,
    tag: '',
    px: order.price?.toFixed() ?? '',
    sz: (order.quoteAmount ?? order.amount)?.toFixed() ?? '',
    pnl: '0',
    ordType: order.type,
    side: order.side,
    posSide: 'net',
    tdMode: 'cash',
    accFillSz: order.filled.toFixed(),
    fillPx: last && order.filled.gt(0) ? avgPx : '',
    tradeId: '',
    fillSz: order.filled.toFixed(),
    fillTime: last ? String(order.updatedAt) : '',
    avgPx,
    state: stateOf(order),
    lever: '',
    feeCcy: order.feeAsset,
    fee: order.fee.isZero() ? '0' : order.fee.negated().toFixed(),
    rebateCcy: market.quote,
    rebate: '0',
    source: '',
    category: 'normal',
    reduceOnly: 'false',
    cancelSource: order.status === 'canceled' ? '1' : '',
    uTime: String(order.updatedAt),
    cTime: String(order.createdAt),
  };
}

/** A fill as GET /api/v5/trade/fills and fills-history report it (execType T: taker). */
export function renderFill(trade: KitTrade, market: KitMarket): Record<string, string> {
  return {
    instType: 'SPOT',
    instId: instIdOf(market),
    tradeId: String(trade.id),
    ordId: trade.orderId,
    clOrdId: trade.clientId,
    billId: String(trade.id),
    tag: '',
    fillPx: trade.price.toFixed(),
    fillSz: trade.amount.toFixed(),
    side: trade.side,
    posSide: 'net',
    execType: trade.maker ? 'M' : 'T',
    feeCcy: trade.feeAsset,
    fee: trade.fee.negated().toFixed(),
    ts: String(trade.time),
    fillTime: String(trade.time),
  };
}
