import { classifyGain, formatDate, formatPercent, type GainClass } from '@balancer/core';

/** Text colour per gain class (spec §9): strong = the theme colour, mild = a softer shade. */
const GAIN_TEXT: Record<GainClass, string> = {
  'strong-positive': 'text-increase font-semibold',
  positive: 'text-teal-600',
  neutral: 'text-neutral-700',
  negative: 'text-red-600',
  'strong-negative': 'text-decrease font-semibold',
};

/** Tailwind classes for a gain in percent (≥ +3 strong, > 0, 0, < 0, ≤ −3 strong). */
export function gainClassName(gainPct: number | string): string {
  return GAIN_TEXT[classifyGain(gainPct)];
}

/** '+1.23%' (spec §9: sign and 2 decimals). */
export const formatGain = (gainPct: number | string): string => formatPercent(gainPct);

/** The viewer's own time zone: dates are shown as the operator's clock reads them. */
const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** 'dd/LL/yyyy HH:mm' in the viewer's zone. */
export function formatTime(epochMs: number, timeZone = localZone()): string {
  return formatDate(epochMs, { style: 'medium', timeZone });
}

/** A close time, or 'N/A' while the position is open (spec §2). */
export function formatCloseTime(epochMs: number | null, timeZone = localZone()): string {
  return epochMs === null ? 'N/A' : formatTime(epochMs, timeZone);
}

/** The position's status for lists: archived wins over closed. */
export type PositionStatus = 'active' | 'closed' | 'archived';

export function positionStatus(position: { close: number | null; archived: boolean }): PositionStatus {
  if (position.archived) return 'archived';
  return position.close === null ? 'active' : 'closed';
}
