import type { KitMarket, KitOrder, KitTrade } from '../exchange-kit/index.js';
import { productIdOf, rfc3339 } from './market-endpoints.js';

const STATUS = { open: 'OPEN', filled: 'FILLED', canceled: 'CANCELLED' } as const;

/** The order_configuration an order was placed with (market IOC by base or quote size, limit GTC). */
export function configurationOf(order: KitOrder): Record<string, Record<string, unknown>> {
  if (order.type === 'limit') {
    return {
      limit_limit_gtc: {
        base_size: order.amount?.toFixed() ?? '',
        limit_price: order.price?.toFixed() ?? '',
        post_only: false,
      },
    };
  }
  return {
    market_market_ioc: order.quoteAmount
      ? { quote_size: order.quoteAmount.toFixed() }
      : { base_size: order.amount?.toFixed() ?? '' },
  };
}

/** An order as "Get Order" and "List Orders" report it; fees are in the quote currency. */
export function renderOrder(order: KitOrder, market: KitMarket, fills: number): Record<string, unknown> {
  const average = order.filled.gt(0) ? order.cost.div(order.filled).toFixed() : '0';
  const wanted = order.amount ?? order.quoteAmount;
  const done = order.amount ? order.filled : order.cost.plus(order.fee);
  const percentage = wanted?.gt(0) ? done.div(wanted).times(100).toFixed(2) : '0';
  const buy = order.side === 'buy';
  return {
    order_id: order.id,
    product_id: productIdOf(market),
    user_id: 'stand-in-user',
    order_configuration: configurationOf(order),
    side: buy ? 'BUY' : 'SELL',
    client_order_id: order.clientId,
    status: STATUS[order.status],
    time_in_force: order.type === 'limit' ? 'GOOD_UNTIL_CANCELLED' : 'IMMEDIATE_OR_CANCEL',
    created_time: rfc3339(order.createdAt),
    completion_percentage: percentage,
    filled_size: order.filled.toFixed(),
    average_filled_price: average,
    fee: '',
    number_of_fills: String(fills),
    filled_value: order.cost.toFixed(),
    pending_cancel: false,
    size_in_quote: order.quoteAmount !== undefined,
    total_fees: order.fee.toFixed(),
    size_inclusive_of_fees: order.quoteAmount !== undefined,
    total_value_after_fees: (buy ? order.cost.plus(order.fee) : order.cost.minus(order.fee)).toFixed(),
    trigger_status: 'INVALID_ORDER_TYPE',
    order_type: order.type === 'limit' ? 'LIMIT' : 'MARKET',
    reject_reason: 'REJECT_REASON_UNSPECIFIED',
    settled: order.status !== 'open',
    product_type: 'SPOT',
    reject_message: '',
    cancel_message: order.status === 'canceled' ? 'User requested cancel' : '',
    order_placement_source: 'RETAIL_ADVANCED',
    outstanding_hold_amount: '0',
    is_liquidation: false,
    last_fill_time: order.filled.gt(0) ? rfc3339(order.updatedAt) : null,
    edit_history: [],
    leverage: '',
    margin_type: 'UNKNOWN_MARGIN_TYPE',
    retail_portfolio_id: 'stand-in-portfolio',
  };
}

/** A fill as "List Fills" reports it; commission in the quote currency. */
export function renderFill(trade: KitTrade, market: KitMarket): Record<string, unknown> {
  return {
    entry_id: `entry-${trade.id}`,
    trade_id: String(trade.id),
    order_id: trade.orderId,
    trade_time: rfc3339(trade.time),
    trade_type: 'FILL',
    price: trade.price.toFixed(),
    size: trade.amount.toFixed(),
    commission: trade.fee.toFixed(),
    product_id: productIdOf(market),
    sequence_timestamp: rfc3339(trade.time),
    liquidity_indicator: trade.maker ? 'MAKER' : 'TAKER',
    size_in_quote: false,
    user_id: 'stand-in-user',
    side: trade.side === 'buy' ? 'BUY' : 'SELL',
    retail_portfolio_id: 'stand-in-portfolio',
  };
}
