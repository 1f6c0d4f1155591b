import pg from 'pg';

/**
 * One statement on the test PostgreSQL server's admin connection (TEST_DATABASE_URL): creating and
 * dropping the tests' databases, which cannot run inside a pool's transaction.
 */
export async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
