// The baseline of `npm run bench -- me`: a bare Koa route doing one primary-key SELECT through
// `pg`, with no auth, validation or ORM. Run as its own process: PORT, DATABASE_URL, KEY_ID.
// Raw SQL through bare pg on purpose: the baseline measures the statements alone, so it stays
// without the typed builder the service's own queries go through.
import Koa from 'koa';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const keyId = process.env.KEY_ID;
const app = new Koa();
app.use(async (ctx) => {
  const { rows } = await pool.query(
    'SELECT id, organization_id, name, key_prefix, scopes, created_at, last_used_at FROM api_keys WHERE id = $1',
    [keyId],
  );
  ctx.body = rows[0];
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
