import { ExportButton } from './export-button';
import { DateRangeFields, FilterSelect } from './filter-fields';
import { type PositionFilters, rangeProblem } from './url-filters';

/** The Positions list's filters (open/closed, opened from–to, result) and its two exports. */
export function PositionFiltersBar({
  filters,
  onChange,
}: {
  filters: PositionFilters;
  onChange: (change: Partial<PositionFilters>) => void;
}) {
  const problem = rangeProblem(filters);
  return (
    <fieldset className="flex flex-wrap items-end gap-3" aria-label="Filter positions">
      <FilterSelect
        label="State"
        value={filters.state}
        options={[
          ['open', 'Open'],
          ['closed', 'Closed'],
        ]}
        onChange={(state) => onChange({ state })}
      />
      <FilterSelect
        label="Result"
        value={filters.result}
        options={[
          ['profit', 'Profit'],
          ['loss', 'Loss'],
        ]}
        onChange={(result) => onChange({ result })}
      />
      <DateRangeFields from={filters.from} to={filters.to} onChange={onChange} problem={problem} />
      <div className="flex flex-wrap gap-2">
        <ExportButton name="positions" range={filters} disabled={problem !== null} />
        <ExportButton name="trades" range={filters} disabled={problem !== null} />
      </div>
    </fieldset>
  );
}
