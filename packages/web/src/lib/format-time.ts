import { format } from 'date-fns';

/** Spec §9: dates dd/LL/yyyy; times add hours and minutes (local time). */
export function formatDateTime(epochMs: number | null | undefined): string {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return '—';
  return format(epochMs, 'dd/LL/yyyy HH:mm');
}

export function formatDate(epochMs: number): string {
  return format(epochMs, 'dd/LL/yyyy');
}

/** Seconds as days, hours and minutes ('3d 4h 5m'), for uptimes. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = [days ? `${days}d` : '', days || hours ? `${hours}h` : '', `${minutes % 60}m`];
  return parts.filter(Boolean).join(' ');
}
