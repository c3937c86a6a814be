// Shared setup of the first-party event suites (test/api/events/*.test.ts) on the real stack: an
// organization with an API client, event bodies and the POST calls.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

export function eventsFixture() {
  const fx = apiSuiteFixture();

  const event = (over: Record<string, unknown> = {}) => ({
    event_name: 'demo_requested',
    occurred_at: '2026-03-01T10:00:00Z',
    subject: { email: 'ada@events.test' },
    ...over,
  });
  const post = (body: unknown, key = fx.org.apiKey) => fx.api.post('/v1/events', { key, body });
  const postRaw = (rawBody: string, key = fx.org.apiKey, headers?: Record<string, string>) =>
    fx.api.post('/v1/events', { key, rawBody, headers });

  async function storedCount(organizationId: string, idempotencyKey: string): Promise<number> {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM ingested_events WHERE organization_id = ${organizationId} AND idempotency_key = ${idempotencyKey}`.execute(
      fx.stack.orm.em.fork().getKysely(),
    );
    return Number(rows[0].n);
  }

  function assertFieldError(
    response: { status: number; body: { type: string; data: { errors: { path: string }[] } }; text: string },
    path: string,
  ) {
    assert.equal(response.status, 400, response.text);
    assert.equal(response.body.type, 'ValidationIssue');
    assert.ok(
      response.body.data.errors.some((e) => e.path === path),
      `expected an error on ${path}: ${response.text}`,
    );
  }

  return Object.assign(fx, {
    event,
    post,
    postRaw,
    storedCount,
    assertFieldError,
  });
}
