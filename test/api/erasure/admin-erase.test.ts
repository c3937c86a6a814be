// `admin erase` for a person who is not a contact (only an exclusion and an ingested event name
// them): the CLI queues the job, the worker takes it to SUCCEEDED, the copies are gone, the person
// cannot be added, and asking again answers the same job (docs/api/people.md).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { adminCli } from '../../helpers/admin-cli.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';
import { eventually } from '../../helpers/poll.ts';

describe('admin erase', function () {
  this.timeout(120_000);
  const s = apiSuiteFixture({ org: 'Admin Erase' });

  it('when a person who is not a contact is erased by email, then their exclusion and events go, they cannot be added, and a second erase answers the same job', async () => {
    const email = `stranger-${randomUUID().split('-')[0]}@admin-erase.test`;
    const key = s.org.apiKey;
    assert.equal((await s.api.post('/v1/contact-exclusions', { key, body: { email, reason: 'OTHER' } })).status, 201);
    const ingested = await s.api.post('/v1/events', {
      key,
      body: { event_name: 'webinar', occurred_at: new Date().toISOString(), subject: { email: email.toUpperCase() } },
    });
    assert.equal(ingested.status, 202, ingested.text);

    // Without --wait: the CLI runs synchronously here, and the stack's worker shares this process.
    const cli = adminCli(s.stack);
    const queued = cli.json('erase', '--org', s.org.organizationId, '--email', email);
    assert.deepEqual([queued.status, queued.contact_id], ['QUEUED', null]);
    const job = await eventually(async () => {
      const read = (await s.api.get(`/v1/erasure-jobs/${queued.id}`, { key })).body;
      return read.status === 'SUCCEEDED' || read.status === 'FAILED' ? read : null;
    }, 60_000);
    assert.equal(job?.status, 'SUCCEEDED', JSON.stringify(job));
    assert.equal(job.erased.contact_exclusions, 1);
    assert.equal(job.erased.ingested_events, 1);

    const exclusions = await s.api.get(`/v1/contact-exclusions?email=${encodeURIComponent(email)}`, { key });
    assert.deepEqual(exclusions.body.items, []);
    const added = await s.api.post('/v1/contacts', { key, body: { email } });
    assert.deepEqual([added.status, added.body.data?.reason], [422, 'ERASED']);
    assert.equal(cli.json('erase', '--org', s.org.organizationId, '--email', email).id, job.id);
  });

  it('when neither --email nor --linkedin is given, or the email is malformed, then exit 1 naming what is wrong', () => {
    const cli = adminCli(s.stack);
    const missing = cli.run('erase', '--org', s.org.organizationId);
    assert.equal(missing.code, 1, missing.stderr);
    assert.match(missing.stderr, /--email or --linkedin/);
    const malformed = cli.run('erase', '--org', s.org.organizationId, '--email', 'not-an-email');
    assert.equal(malformed.code, 1, malformed.stderr);
    assert.match(malformed.stderr, /email/);
  });
});
