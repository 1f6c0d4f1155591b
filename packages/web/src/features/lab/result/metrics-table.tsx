import { type MetricsColumn, metricsRows } from './metrics';

/** The metrics side by side: one column per outcome (or per result on Compare). */
export function MetricsTable({ columns, caption }: { columns: MetricsColumn[]; caption: string }) {
  const rows = metricsRows(columns);
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-neutral-200 text-left">
            <th scope="col" className="py-2 pr-3 font-medium">
              Metric
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-3 py-2 text-right align-bottom font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-neutral-100">
              <th scope="row" className="py-1.5 pr-3 text-left font-normal text-neutral-700">
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
