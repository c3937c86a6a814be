// The baseline of `npm run bench -- contacts`: a bare Koa route running the same SQL statements
// as a contact upsert (find by email, suppression check, directory domain lookup, account insert
// on conflict, account read, contact insert, in one transaction) through `pg`, with no auth,
// validation or ORM. Run as its own process: PORT, DATABASE_URL, ORG_ID.
// Raw SQL through bare pg on purpose: the baseline measures the statements alone, so it stays
// without the typed builder the service's own queries go through.
import Koa from 'koa';
import pg from 'pg';
import { randomUUID } from 'node:crypto';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const organizationId = process.env.ORG_ID;
const app = new Koa();

async function readBody(
  req: Koa.Request['req'],
): Promise<{ email: string; first_name: string; company_domain: string }> {
  let data = '';
  for await (const chunk of req) data += chunk;
  return JSON.parse(data);
}

app.use(async (ctx) => {
  if (ctx.method === 'GET') {
    ctx.body = 'ok';
    return;
  }
  const input = await readBody(ctx.req);
  const email = input.email.trim().toLowerCase();
  const domain = input.company_domain.trim().toLowerCase();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const found = await client.query('SELECT * FROM contacts WHERE organization_id = $1 AND email = $2', [
      organizationId,
      email,
    ]);
    await client.query(
      'SELECT count(*) FROM suppressions WHERE organization_id = $1 AND kind = $2 AND value_hash = $3',
      [organizationId, 'EMAIL', email],
    );
    await client.query('SELECT company_id FROM directory_company_domains WHERE domain = $1', [domain]);
    const now = new Date();
    await client.query(
      `INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $2, $3, $3, $3, $3) ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
      [organizationId, domain, now],
    );
    const account = await client.query('SELECT * FROM accounts WHERE organization_id = $1 AND domain = $2', [
      organizationId,
      domain,
    ]);
    const row =
      found.rows[0] ??
      (
        await client.query(
          `INSERT INTO contacts (id, organization_id, account_id, email, first_name, email_status, first_seen_at, last_seen_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'UNVERIFIED', $6, $6, $6, $6) RETURNING *`,
          [randomUUID(), organizationId, account.rows[0].id, email, input.first_name, now],
        )
      ).rows[0];
    await client.query('COMMIT');
    ctx.status = 201;
    ctx.body = row;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
