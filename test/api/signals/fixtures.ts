// Shared setup of the signals API suites (test/api/signals/*.test.ts) on the real stack: an
// organization with an API client, and calls and readers of signals, their settings and counts.
// Changes after creation reach the signal workflow as Updates, so suites that change a signal need
// workflows/signal.workflow.ts on the stack's worker.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ApiResponse } from '../../helpers/http.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';

export const HIRING = { signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: ['Head of Sales'] } };
export const NEW_JOB = { signal_type: 'NEW_JOB', search_filters: { seniority_or: ['VP'] } };

export function signalsApiFixture() {
  const fx = apiSuiteFixture();

  const create = (body: Record<string, unknown>, key = fx.org.apiKey) =>
    fx.api.post('/v1/signals', { key, body: { name: `Signal ${randomUUID().slice(0, 8)}`, ...body } });
  const paths = (res: ApiResponse) => ((res.body.data?.errors ?? []) as { path: string }[]).map((e) => e.path).sort();
  const detail = (id: string, key = fx.org.apiKey) => fx.api.get(`/v1/signals/${id}`, { key });
  /** The detail without what the signal's own checks move (it checks at once after a create, concurrently with the test). */
  const settings = (body: Record<string, unknown>) => {
    const { imported_count: _imported, last_checked_at: _checked, updated_at: _updated, ...rest } = body;
    return rest;
  };
  const settingsOf = async (id: string) => settings((await detail(id)).body);
  const action = (id: string, name: string, key = fx.org.apiKey) => fx.api.post(`/v1/signals/${id}/${name}`, { key });
  const db = () => fx.stack.orm.em.fork().getKysely();
  const count = async (table: 'signals' | 'contact_lists' | 'account_lists', organizationId = fx.org.organizationId) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE organization_id = ${organizationId}`.execute(db())
      ).rows[0].n,
    );
  const uniqueEvent = () => `signup-${randomUUID().slice(0, 8)}`;

  function assert422(res: ApiResponse, ...expected: string[]) {
    assert.equal(res.status, 422, res.text);
    assert.equal(res.body.type, 'ValidationIssue');
    for (const path of expected) assert.ok(paths(res).includes(path), `${path} named in ${JSON.stringify(paths(res))}`);
  }

  return Object.assign(fx, {
    create,
    paths,
    detail,
    settings,
    settingsOf,
    action,
    db,
    count,
    uniqueEvent,
    assert422,
  });
}
