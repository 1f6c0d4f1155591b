import { describeOrderReason, type TransactionRecord } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';

/**
 * Why the active position's newest order was placed, in core's words (docs/strategy.md#order-reasons).
 * Read again when the position's amount changes (an order landed), not every tick.
 */
export function LastOrderReason({ positionId, amount }: { positionId: number; amount: string }) {
  const { client } = useAuth();
  const { data } = useQuery({
    queryKey: ['dashboard', 'last-order', positionId, amount],
    queryFn: () =>
      client.request<TransactionRecord[]>({ path: `position/record/transactions/${positionId}`, auth: true }),
    placeholderData: (previous) => previous,
  });
  const last = data?.[0];
  if (!last) return <span className="text-neutral-600">—</span>;
  return <span data-testid="last-order-reason">{describeOrderReason(last.reason)}</span>;
}
