import pg from 'pg';

/** Runs `work` on a connection of its own to `url` (TEST_DATABASE_URL: creating and dropping databases), then closes it. */
export async function onAdminConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
