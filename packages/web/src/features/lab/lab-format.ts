export { codedMessageText, codedText } from '../../lib/coded-text';

/** A UTC day, YYYY-MM-DD, of an epoch ms. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** `2024-01-10 04:00` (UTC), to the minute. */
export const utcMinute = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** A size in bytes as kB or MB with one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Thousands separated count. */
export const formatCount = (count: number): string => count.toLocaleString('en-US');
