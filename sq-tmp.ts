import { migrate, openOrm } from './db/orm.ts';
import * as admin from './domain/admin.service.ts';
import { ensureDirectoryLoaded } from './providers/directory/load.ts';
import { startEmbeddedPostgres } from './scripts/local-stack.ts';
import { chmodSync, mkdirSync } from 'node:fs';
mkdirSync('/tmp/sq', { recursive: true }); chmodSync('/tmp/sq', 0o755);
const pg = await startEmbeddedPostgres({ dataDir: '/tmp/sq/pg', port: 55120, database: 'sq', persistent: true });
const orm = await openOrm({ databaseUrl: pg.url });
await migrate(orm);
await ensureDirectoryLoaded(orm, { companies: 20000, people: 200000 });
const c = orm.em.fork().getConnection();
const [{ n }] = await c.execute('select count(*)::int n from contacts');
if (n === 0) {
  const org = await admin.bootstrap(orm.em.fork(), { orgName: 'B', ownerEmail: 'b@example.com', ownerName: 'B' });
  await c.execute(`INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at) SELECT gen_random_uuid(), ?, c.name, c.domain, now(), now(), now(), now() FROM directory_companies c`, [org.organization_id]);
  await c.execute(`INSERT INTO contacts (id, organization_id, account_id, email, linkedin_url, first_name, last_name, job_title, email_status, first_seen_at, last_seen_at, created_at, updated_at)
       SELECT gen_random_uuid(), ?, a.id, p.email, p.linkedin_url, p.first_name, p.last_name, p.job_title, 'UNVERIFIED', now(), now(), now(), now()
         FROM (SELECT * FROM directory_people ORDER BY id LIMIT 100000) p LEFT JOIN directory_companies dc ON dc.id = p.company_id LEFT JOIN accounts a ON a.organization_id = ? AND a.domain = dc.domain`, [org.organization_id, org.organization_id]);
  await c.execute('ANALYZE');
}
console.log(pg.url);
await orm.close();
