import type { PositionRecord } from '@balancer/core';
import { Card } from '../../components/ui/card';
import { bitcoin, dateTime, dollars, gainClass, percent } from './formats';
import { Row } from './row';

/** The active position (spec §2 position dialog's General figures), or a note when none is open. */
export function PositionSummary({ position }: { position: PositionRecord | null }) {
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
        <Row term="Opened">{dateTime(position.open)}</Row>
        <Row term="Entry price">{dollars(position.entry_price)}</Row>
        <Row term="Price">{dollars(position.price)}</Row>
        <Row term="Gain" className={gainClass(position.gain)}>
          {percent(position.gain)}
        </Row>
        <Row term="Amount">{bitcoin(position.amount)}</Row>
        <Row term="Quote amount">{dollars(position.amount_quote)}</Row>
        <Row term="PNL" className={gainClass(position.pnl)}>
          {dollars(position.pnl)}
        </Row>
        <Row term="ROI" className={gainClass(position.roi)}>
          {percent(position.roi)}
        </Row>
      </dl>
    </Card>
  );
}
