import type { ReactNode } from 'react';

export interface FactsColumn {
  label: string;
  /** Numbers read best right-aligned. */
  right?: boolean;
  /** More classes for the column's cells (e.g. `font-mono break-all`, `whitespace-nowrap`). */
  cell?: string;
}

/** A plain table under a card's facts (the database's tables, the instances): a caption for readers, a header row, a row per item. */
export function FactsTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly FactsColumn[];
  rows: ReadonlyArray<{ key: string; cells: readonly ReactNode[] }>;
}) {
  const align = (column: FactsColumn | undefined, last: boolean) =>
    `py-1 ${last ? '' : 'pr-3 '}${column?.right ? 'text-right' : ''}`.trim();
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-neutral-600">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={`${align(column, index === columns.length - 1)} font-medium`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-neutral-100">
              {columns.map((column, index) => (
                <td
                  key={column.label}
                  className={`${align(column, index === columns.length - 1)} ${column.cell ?? ''}`.trim()}
                >
                  {row.cells[index]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
