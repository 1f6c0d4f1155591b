import { formatDateTime } from '../../lib/format-time';

/** A close time, or 'N/A' while the position is open. */
export function formatCloseTime(epochMs: number | null, timeZone?: string): string {
  return epochMs === null ? 'N/A' : formatDateTime(epochMs, timeZone);
}

/** The position's status for lists: archived wins over closed. */
export type PositionStatus = 'active' | 'closed' | 'archived';

export function positionStatus(position: { close: number | null; archived: boolean }): PositionStatus {
  if (position.archived) return 'archived';
  return position.close === null ? 'active' : 'closed';
}
