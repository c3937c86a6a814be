// The baseline of `npm run bench -- events`: a bare Koa route doing one INSERT of an ingested event
// (ON CONFLICT DO NOTHING on its idempotency key) through `pg`, answering 202 like POST /v1/events,
// with no auth, validation, raw-payload extraction or ORM. Run as its own process: PORT, DATABASE_URL, ORG_ID.
// Raw SQL through bare pg on purpose: the baseline measures the statements alone, so it stays
// without the typed builder the service's own queries go through.
import Koa from 'koa';
import pg from 'pg';
import { createHash, randomUUID } from 'node:crypto';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const organizationId = process.env.ORG_ID;
const app = new Koa();

app.use(async (ctx) => {
  if (ctx.method === 'GET') {
    ctx.body = 'ok';
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const input = JSON.parse(bytes.toString('utf8')) as {
    event_name: string;
    occurred_at: string;
    subject: object;
    external_event_id?: string;
    payload?: object;
  };
  const key = `first-party:${organizationId}:${input.external_event_id ?? createHash('sha256').update(bytes).digest('hex')}`;
  await pool.query(
    `INSERT INTO ingested_events (id, organization_id, idempotency_key, event_name, occurred_at, external_event_id, subject, payload_json, resolution_status, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, 'PENDING', $9) ON CONFLICT (organization_id, idempotency_key) DO NOTHING`,
    [
      randomUUID(),
      organizationId,
      key,
      input.event_name,
      new Date(input.occurred_at),
      input.external_event_id ?? null,
      JSON.stringify(input.subject),
      input.payload === undefined ? null : JSON.stringify(input.payload),
      new Date(),
    ],
  );
  ctx.status = 202;
  ctx.body = { accepted: true, idempotency_key: key };
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
