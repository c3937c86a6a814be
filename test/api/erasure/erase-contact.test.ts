// POST /v1/contacts/{contact_id}/erase and GET /v1/erasure-jobs/{job_id} on the real stack: the
// job, its idempotence, the contact.erased event, the suppression and tenant isolation (docs/api/people.md).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { typedKysely } from '../../../db/kysely.ts';
import { suppressionHash } from '../../../domain/people/suppression-hash.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { eventually } from '../../helpers/poll.ts';

describe('POST /v1/contacts/{contact_id}/erase', () => {
  const s = apiSuiteFixture({ other: 'Erasure Other' });
  const job = (id: string, key = s.org.apiKey) => s.api.get(`/v1/erasure-jobs/${id}`, { key });
  const finished = (id: string) =>
    eventually(async () => {
      const r = await job(id);
      return r.body.status === 'SUCCEEDED' || r.body.status === 'FAILED' ? r.body : null;
    }, 60_000);

  it('when a contact is erased, then 202 with a QUEUED or RUNNING job that succeeds, the contact is gone and cannot come back', async () => {
    const created = await s.api.post('/v1/contacts', {
      key: s.org.apiKey,
      body: {
        email: 'erase.me@erasure.test',
        first_name: 'Erase',
        last_name: 'Me',
        linkedin_url: 'linkedin.com/in/erase-me',
      },
    });
    assert.equal(created.status, 201);
    const answer = await s.api.post(`/v1/contacts/${created.body.id}/erase`, { key: s.org.apiKey });
    assert.equal(answer.status, 202);
    assert.equal(answer.body.contact_id, created.body.id);
    assert.ok(['QUEUED', 'RUNNING', 'SUCCEEDED'].includes(answer.body.status));
    const done = await finished(answer.body.id);
    assert.equal(done?.status, 'SUCCEEDED', JSON.stringify(done));
    assert.equal(done.erased.contacts, 1);
    assert.ok(done.finished_at);

    assert.equal((await s.api.get(`/v1/contacts/${created.body.id}`, { key: s.org.apiKey })).status, 404);
    const again = await s.api.post('/v1/contacts', { key: s.org.apiKey, body: { email: 'ERASE.ME@erasure.test' } });
    assert.equal(again.status, 422);
    assert.equal(again.body.data.reason, 'ERASED');
    // What stays is the keyed hash (HMAC under the service's key), not the SHA-256 a dictionary reverses.
    const kept = await sql<{ kind: string; value_hash: string }>`
      SELECT kind, value_hash FROM suppressions WHERE organization_id = ${s.org.organizationId} ORDER BY kind`.execute(
      typedKysely(s.stack.orm.em.fork()),
    );
    assert.deepEqual(kept.rows, [
      { kind: 'EMAIL', value_hash: suppressionHash(s.org.organizationId, 'erase.me@erasure.test') },
      {
        kind: 'LINKEDIN_URL',
        value_hash: suppressionHash(s.org.organizationId, 'https://www.linkedin.com/in/erase-me'),
      },
    ]);
    for (const value of ['erase.me@erasure.test', 'https://www.linkedin.com/in/erase-me'])
      assert.equal(
        kept.rows.some((r) => r.value_hash === createHash('sha256').update(value).digest('hex')),
        false,
        `the SHA-256 of ${value} is stored`,
      );

    // Asking again answers the same job.
    const second = await s.api.post(`/v1/contacts/${created.body.id}/erase`, { key: s.org.apiKey });
    assert.equal(second.status, 202);
    assert.equal(second.body.id, answer.body.id);
    assert.equal(second.body.status, 'SUCCEEDED');

    const activities = await s.api.get(`/v1/activities?types=contact.erased`, { key: s.org.apiKey });
    assert.equal(activities.status, 200);
    const erased = activities.body.items.find(
      (a: { payload: { erasureJobId?: string } }) => a.payload.erasureJobId === answer.body.id,
    );
    assert.ok(erased, JSON.stringify(activities.body.items));
    assert.equal(JSON.stringify(erased).includes('erase.me'), false);
  });

  it('when the contact is unknown or of another organization, then 404; the job is not readable by another organization', async () => {
    const created = await s.api.post('/v1/contacts', { key: s.org.apiKey, body: { email: 'kept@erasure.test' } });
    const foreign = await s.api.post(`/v1/contacts/${created.body.id}/erase`, { key: s.other.apiKey });
    assert.equal(foreign.status, 404);
    assert.equal((await s.api.post(`/v1/contacts/${crypto.randomUUID()}/erase`, { key: s.org.apiKey })).status, 404);
    const answer = await s.api.post(`/v1/contacts/${created.body.id}/erase`, { key: s.org.apiKey });
    assert.equal((await job(answer.body.id, s.other.apiKey)).status, 404);
    assert.equal((await finished(answer.body.id))?.status, 'SUCCEEDED');
  });
});
