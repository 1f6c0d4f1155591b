import { type MetricsColumn, metricsRows } from './metrics';

/**
 * The metrics side by side: one column per outcome (or per result on Compare); on a narrow screen
 * the columns scroll under the metric names, which stay.
 */
export function MetricsTable({ columns, caption }: { columns: MetricsColumn[]; caption: string }) {
  const rows = metricsRows(columns);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-neutral-200 text-left">
            <th scope="col" className="sticky left-0 bg-white py-2 pr-3 font-medium">
              Metric
            </th>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className="min-w-[6rem] px-3 py-2 text-right align-bottom font-medium"
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-neutral-100">
              <th
                scope="row"
                className="sticky left-0 min-w-[8rem] max-w-[14rem] bg-white py-1.5 pr-3 text-left font-normal text-neutral-700"
              >
                {row.label}
              </th>
              {row.values.map((value, i) => (
                <td key={columns[i]!.label} className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
