import { formatPercent } from '@balancer/core';
import { formatDateTime } from '../../lib/format-time';

export { gainClassName } from '../../lib/gain-class';

/** '+1.23%' (spec §9: sign and 2 decimals). */
export const formatGain = (gainPct: number | string): string => formatPercent(gainPct);

/** 'dd/LL/yyyy HH:mm' in the viewer's zone: dates are shown as the operator's clock reads them. */
export const formatTime = formatDateTime;

/** A close time, or 'N/A' while the position is open (spec §2). */
export function formatCloseTime(epochMs: number | null, timeZone?: string): string {
  return epochMs === null ? 'N/A' : formatDateTime(epochMs, timeZone);
}

/** The position's status for lists: archived wins over closed. */
export type PositionStatus = 'active' | 'closed' | 'archived';

export function positionStatus(position: { close: number | null; archived: boolean }): PositionStatus {
  if (position.archived) return 'archived';
  return position.close === null ? 'active' : 'closed';
}
