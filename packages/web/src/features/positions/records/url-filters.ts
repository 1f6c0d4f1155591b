/**
 * The list filters as URL search parameters (bookmarkable, kept over a reload): each filter reads
 * only the values it knows, so a hand-edited link shows the unfiltered list rather than an error.
 * Dates are the day pickers' `YYYY-MM-DD`; `to` is the last day shown, so the API's exclusive
 * `to` is the day after.
 */
export interface PositionFilters {
  state: 'open' | 'closed' | '';
  result: 'profit' | 'loss' | '';
  from: string;
  to: string;
}

export interface TransactionFilters {
  side: 'BUY' | 'SELL' | '';
  state: 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | '';
  reason: 'increase' | 'decrease' | 'manual' | '';
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function pick<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | '' {
  const value = params.get(name) ?? '';
  return (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

function day(params: URLSearchParams, name: string): string {
  const value = params.get(name) ?? '';
  return DAY.test(value) ? value : '';
}

export function readPositionFilters(params: URLSearchParams): PositionFilters {
  return {
    state: pick(params, 'state', ['open', 'closed']),
    result: pick(params, 'result', ['profit', 'loss']),
    from: day(params, 'from'),
    to: day(params, 'to'),
  };
}

export function readTransactionFilters(params: URLSearchParams): TransactionFilters {
  return {
    side: pick(params, 'side', ['BUY', 'SELL']),
    state: pick(params, 'state', ['PROCESSING', 'SUCCEEDED', 'FAILED']),
    reason: pick(params, 'reason', ['increase', 'decrease', 'manual']),
    from: day(params, 'from'),
    to: day(params, 'to'),
  };
}

/** The filters as search parameters: the empty ones left out, in a stable order. */
export function filtersToParams(filters: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    if (typeof value === 'string' && value !== '') params.set(name, value);
  return params;
}

/** The day after a `YYYY-MM-DD` (UTC), for the API's exclusive `to`. */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The API's query for these filters: `to` made exclusive, the page's own arguments appended. */
export function apiQuery(filters: { from: string; to: string }, extra: Record<string, string> = {}): string {
  const params = filtersToParams({ ...filters, to: filters.to === '' ? '' : dayAfter(filters.to) });
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}

/** A range whose start is after its end: said beside the fields rather than asked of the server. */
export function rangeProblem(filters: { from: string; to: string }): string | null {
  return filters.from !== '' && filters.to !== '' && filters.from > filters.to
    ? 'The start date is after the end date.'
    : null;
}
