/** Spec §9: byte sizes in steps of 1024, units B, kB up to YB. */
export const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * `bytes` as the largest unit that keeps the figure at 1 or more: whole bytes, otherwise up to
 * `decimals` places with trailing zeros dropped (1536 → '1.5 kB'). Negative or non-finite input
 * is not a size: it shows as '—'.
 */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : String(Number(value.toFixed(decimals)));
  return `${shown} ${BYTE_UNITS[unit]}`;
}
