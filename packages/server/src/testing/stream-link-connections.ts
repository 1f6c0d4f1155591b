import pg from 'pg';
import { STREAM_LINK_APPLICATION } from '../cluster/postgres-link.js';

/** The stream link's open connections to the database at `url` (its pool names itself). */
export async function streamLinkConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where application_name = $1 and datname = current_database()',
      [STREAM_LINK_APPLICATION],
    );
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}
