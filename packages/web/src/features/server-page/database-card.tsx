import { formatBytes } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { Card, Facts } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import type { DatabaseSummary } from './server-api';

const rowsText = (rows: number, estimated: boolean) =>
  `${estimated ? '≈ ' : ''}${rows.toLocaleString('en-US')}`;

/** GET /database/summary: the database and its tables, largest first. */
export function DatabaseCard() {
  const { client } = useAuth();
  const { data, error } = useQuery({
    queryKey: ['database', 'summary'],
    queryFn: () => client.request<DatabaseSummary>({ path: 'database/summary', auth: true }),
  });
  return (
    <Card title="Database">
      {error && <p className="text-sm text-decrease">{errorMessageOf(error)}</p>}
      {data && (
        <>
          <Facts
            twoColumns
            items={[
              ['Name', data.name],
              ['Kind', data.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'],
              ['Version', data.version],
              ['Size', formatBytes(data.size)],
            ]}
          />
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tables, largest first</caption>
              <thead className="text-neutral-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Table
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    Rows
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Size
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.tables.map((table) => (
                  <tr key={table.name} className="border-t border-neutral-100">
                    <td className="py-1 pr-3 font-mono break-all">{table.name}</td>
                    <td className="py-1 pr-3 text-right">{rowsText(table.rows, table.rowsEstimated)}</td>
                    <td className="py-1 text-right whitespace-nowrap">{formatBytes(table.size)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
