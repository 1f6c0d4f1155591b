import { classifyGain, formatBitcoin, formatDate, formatDollars, formatPercent } from '@balancer/core';

/** Spec §9 formats, with the operator's time zone for times (core defaults to UTC). */
const zone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const dollars = (value: string | number): string => formatDollars(value);
export const bitcoin = (value: string | number): string => formatBitcoin(value);
export const percent = (value: string | number): string => formatPercent(value);
export const dateTime = (ms: number): string => formatDate(ms, { style: 'medium', timeZone: zone() });

/** Spec §9 gain colours as text classes (each ≥ 4.5:1 on white). */
const GAIN_CLASSES = {
  'strong-positive': 'text-teal-800 font-semibold',
  positive: 'text-teal-700',
  neutral: 'text-neutral-700',
  negative: 'text-red-600',
  'strong-negative': 'text-red-800 font-semibold',
} as const;

export const gainClass = (gain: string | number): string => GAIN_CLASSES[classifyGain(gain)];
