import { formatDecimal } from '@balancer/core';
import { describe, expect, it } from 'vitest';
import { formatDollars, localeSeparators, localizeNumber } from './locale-number';

describe('localizeNumber', () => {
  it("writes core's exact digits with the locale's separators", () => {
    const text = formatDecimal('-1234567.505');
    expect(text).toBe('-1,234,567.51');
    expect(localizeNumber(text, localeSeparators('en-US'))).toBe('-1,234,567.51');
    expect(localizeNumber(text, localeSeparators('de-DE'))).toBe('-1.234.567,51');
    expect(localizeNumber('$12,345.60 and ₿0.00012345', localeSeparators('de-DE'))).toBe(
      '$12.345,60 and ₿0,00012345',
    );
    const french = localeSeparators('fr-FR');
    expect(french.decimal).toBe(',');
    expect(localizeNumber('1,234.5', french)).toBe(`1${french.group}234,5`);
  });

  it("writes the screens' amounts in the browser's locale (here the test runner's, en-US)", () => {
    expect(formatDollars('1234.5')).toBe('$1,234.50');
  });
});
