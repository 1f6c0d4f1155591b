import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  dayAfter,
  filtersToParams,
  rangeProblem,
  readPositionFilters,
  readTransactionFilters,
} from './url-filters';

describe('list filters in the URL', () => {
  it('reads known values and drops the rest', () => {
    const params = new URLSearchParams('state=closed&result=win&from=2026-01-01&to=yesterday&x=1');
    expect(readPositionFilters(params)).toEqual({ state: 'closed', result: '', from: '2026-01-01', to: '' });
    expect(readTransactionFilters(new URLSearchParams('side=SELL&state=FAILED&reason=manual'))).toEqual({
      side: 'SELL',
      state: 'FAILED',
      reason: 'manual',
      from: '',
      to: '',
    });
  });

  it('writes them back without the empty ones, and round-trips', () => {
    const filters = { state: 'open' as const, result: '' as const, from: '', to: '2026-02-28' };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('state=open&to=2026-02-28');
    expect(readPositionFilters(params)).toEqual(filters);
  });

  it('asks the API for the day after the last day shown (its `to` is exclusive)', () => {
    expect(dayAfter('2026-02-28')).toBe('2026-03-01');
    expect(dayAfter('2024-12-31')).toBe('2025-01-01');
    expect(apiQuery({ from: '2026-01-01', to: '2026-01-31' }, { limit: '15' })).toBe(
      'from=2026-01-01&to=2026-02-01&limit=15',
    );
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-01' })).toMatch(/after/);
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-01' })).toBeNull();
  });
});
