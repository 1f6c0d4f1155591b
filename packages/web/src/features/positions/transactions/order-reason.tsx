import { describeOrderReason, formatBitcoin, type OrderReason, quoteText } from '@balancer/core';
import { useEssentialsSelector } from '../../../essentials';

/**
 * Why the engine placed an order, in core's words (docs/strategy.md#order-reasons), and with
 * `detailed` the price and amounts it decided on, in the quote asset's code.
 */
export function OrderReasonText({
  reason,
  detailed = false,
}: {
  reason: OrderReason | null;
  detailed?: boolean;
}) {
  const quote = useEssentialsSelector((essentials) => essentials?.exchangeConfig.quoteAsset) ?? 'quote';
  const words = describeOrderReason(reason);
  if (!detailed || reason === null) return <span data-testid="order-reason">{words}</span>;
  return (
    <span data-testid="order-reason">
      {words}. Decided at {quoteText(reason.price, quote)} for {formatBitcoin(reason.amountBase)} (
      {quoteText(reason.amountQuote, quote)}).
    </span>
  );
}
