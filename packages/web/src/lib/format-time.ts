import { formatDate as formatCoreDate } from '@balancer/core';

/** This browser's time zone ('UTC' when the runtime cannot tell). */
export const LOCAL_TIME_ZONE: string = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Dates dd/LL/yyyy; times add hours and minutes, in the browser's time zone. */
export function formatDateTime(epochMs: number | null | undefined, timeZone = LOCAL_TIME_ZONE): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs) || epochMs < 0) return '—';
  return formatCoreDate(epochMs, { style: 'medium', timeZone });
}

export function formatDate(epochMs: number, timeZone = LOCAL_TIME_ZONE): string {
  if (!Number.isFinite(epochMs) || epochMs < 0) return '—';
  return formatCoreDate(epochMs, { style: 'short', timeZone });
}

/** Seconds as days, hours and minutes ('3d 4h 5m'), for uptimes. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = [days ? `${days}d` : '', days || hours ? `${hours}h` : '', `${minutes % 60}m`];
  return parts.filter(Boolean).join(' ');
}
