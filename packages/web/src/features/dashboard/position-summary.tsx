import type { PositionRecord } from '@balancer/core';

import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format-time';
import { gainClassName } from '../../lib/gain-class';
import { formatBitcoin, formatPercent, formatQuote } from '../../lib/locale-number';
import { LastOrderReason } from './last-order';
import { Row } from './row';

/** The active position (the position dialog's General figures), or a note when none is open. */
export function PositionSummary({
  position,
  quoteAsset,
  showOrders = false,
}: {
  position: PositionRecord | null;
  quoteAsset: string;
  /** Whether the caller may read the position's transactions (authority 2): the last order's reason. */
  showOrders?: boolean;
}) {
  if (!position) {
    return (
      <Card className="min-w-0" title="Position">
        <p className="text-sm text-neutral-600">No active position: the next reversal event can open one.</p>
      </Card>
    );
  }
  return (
    <Card
      className="min-w-0"
      title="Position"
      actions={<span className="text-sm text-neutral-600">#{position.id}</span>}
    >
      <dl>
        <Row term="Opened">{formatDateTime(position.open)}</Row>
        <Row term="Entry price">{formatQuote(position.entry_price, quoteAsset)}</Row>
        <Row term="Price">{formatQuote(position.price, quoteAsset)}</Row>
        <Row term="Gain" className={gainClassName(position.gain)}>
          {formatPercent(position.gain)}
        </Row>
        <Row term="Amount">{formatBitcoin(position.amount)}</Row>
        <Row term="Quote amount">{formatQuote(position.amount_quote, quoteAsset)}</Row>
        <Row term="PNL" className={gainClassName(position.pnl)}>
          {formatQuote(position.pnl, quoteAsset)}
        </Row>
        <Row term="ROI" className={gainClassName(position.roi)}>
          {formatPercent(position.roi)}
        </Row>
        {showOrders && (
          <Row term="Last order">
            <LastOrderReason positionId={position.id} amount={position.amount} />
          </Row>
        )}
      </dl>
    </Card>
  );
}
