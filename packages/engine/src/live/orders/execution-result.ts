import { type ExecutionResult, isCodedError, type ObservedOrder } from '@balancer/core';
import type { ExchangeOrder } from '../../ports/exchange.js';

/** The exchange's order in the transaction model's shape (fills keep their trade ids). */
export function observedOrder(order: ExchangeOrder): ObservedOrder {
  return {
    clientOrderId: order.clientOrderId,
    side: order.side,
    status: order.status,
    filled: order.filled,
    fills: order.fills.map((fill) => ({
      id: fill.id,
      price: fill.price,
      amount: fill.amount,
      time: fill.time,
    })),
  };
}

/**
 * What a placement gave, as core's ExecutionResult: the order, or the error with its recovery. An
 * error that is not coded (a bug or a network library's own) counts as `retry`: its outcome is
 * unknown, so the order is looked up by client order id before anything is placed again.
 */
export function executionResult(outcome: { order: ExchangeOrder } | { error: unknown }): ExecutionResult {
  if ('order' in outcome) return { ok: true, order: observedOrder(outcome.order) };
  const { error } = outcome;
  if (isCodedError(error)) {
    return { ok: false, error: { code: error.code, recovery: error.recovery, message: error.message } };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: -1, recovery: 'retry', message: message.slice(0, 300) } };
}
