import * as core from '@balancer/core';

/**
 * Numbers as the operator's locale writes them (the browser's language: its group and decimal
 * separators), on screen only; exports stay machine-readable. The one helper: core's formats
 * write '1,234.50' (exact decimals, never through a float); `localizeNumber` swaps the separators
 * for the locale's, so the digits stay exactly those core rounded.
 */
export interface NumberSeparators {
  group: string;
  decimal: string;
}

/** The separators of a locale (default: the browser's), from Intl. */
export function localeSeparators(locale?: string | readonly string[]): NumberSeparators {
  const parts = new Intl.NumberFormat(locale as string | string[] | undefined).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

let browser: NumberSeparators | undefined;

/** '1,234.50' (core's writing) in the locale's: '1.234,50' in German, '1 234,50' in French. */
export function localizeNumber(text: string, given?: NumberSeparators): string {
  if (!given && !browser) browser = localeSeparators();
  const separators = given ?? (browser as NumberSeparators);
  if (separators.group === ',' && separators.decimal === '.') return text;
  return text.replace(/[\d,.]+/g, (run) =>
    run.replace(/[,.]/g, (mark) => (mark === ',' ? separators.group : separators.decimal)),
  );
}

/*
 * Core's amount formats in the browser's locale: the screens import these rather than core's, so
 * every number on screen goes through localizeNumber (the exports never do).
 */
export const formatDecimal = (...args: Parameters<typeof core.formatDecimal>) =>
  localizeNumber(core.formatDecimal(...args));
export const formatDollars = (...args: Parameters<typeof core.formatDollars>) =>
  localizeNumber(core.formatDollars(...args));
export const formatBitcoin = (...args: Parameters<typeof core.formatBitcoin>) =>
  localizeNumber(core.formatBitcoin(...args));
export const formatPercent = (...args: Parameters<typeof core.formatPercent>) =>
  localizeNumber(core.formatPercent(...args));
export const formatQuote = (...args: Parameters<typeof core.formatQuote>) =>
  localizeNumber(core.formatQuote(...args));
