import { formatBitcoin, formatDollars, formatPercent } from '@balancer/core';
import { formatDateTime } from '../../lib/format-time';

/** Spec §9 formats, with the operator's time zone for times (core defaults to UTC). */
export const dollars = (value: string | number): string => formatDollars(value);
export const bitcoin = (value: string | number): string => formatBitcoin(value);
export const percent = (value: string | number): string => formatPercent(value);
export const dateTime = (ms: number): string => formatDateTime(ms);

export { gainClassName as gainClass } from '../../lib/gain-class';
