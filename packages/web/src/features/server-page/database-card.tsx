import { formatBytes } from '@balancer/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/auth-context';
import { Card, Facts } from '../../components/ui/card';
import { errorMessageOf } from '../../lib/api';
import { FactsTable } from './facts-table';
import type { DatabaseSummary } from './server-api';

const TABLE_COLUMNS = [
  { label: 'Table', cell: 'font-mono break-all' },
  { label: 'Rows', right: true },
  { label: 'Size', right: true, cell: 'whitespace-nowrap' },
];

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
          <FactsTable
            caption="Tables, largest first"
            columns={TABLE_COLUMNS}
            rows={data.tables.map((table) => ({
              key: table.name,
              cells: [table.name, rowsText(table.rows, table.rowsEstimated), formatBytes(table.size)],
            }))}
          />
        </>
      )}
    </Card>
  );
}
