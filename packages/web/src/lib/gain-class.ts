import { classifyGain } from '@balancer/core';

/**
 * Gain colours as text classes, one set for every screen (core's classifyGain): strong
 * (≥ +3 / ≤ −3 %) bold in the darker shade, mild in the lighter one; each ≥ 4.5:1 on white.
 */
const GAIN_CLASSES = {
  'strong-positive': 'text-teal-800 font-semibold',
  positive: 'text-teal-700',
  neutral: 'text-neutral-700',
  negative: 'text-red-600',
  'strong-negative': 'text-red-800 font-semibold',
} as const;

/** Tailwind classes for a gain in percent. */
export const gainClassName = (gainPct: number | string): string => GAIN_CLASSES[classifyGain(gainPct)];
