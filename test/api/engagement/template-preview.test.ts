// The content check and the step preview over HTTP on the real stack: a template's activation
// answers its warnings (never a refusal); POST /v1/sequence-templates/{id}/preview renders a step
// for a contact exactly as the run sends it (compared with an email the sandbox transport took),
// the thread's "Re:" subject and a chosen variant, on the tracking domain when one is set; it
// writes nothing, needs the templates' read scope, and answers 404 and 422 as documented.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newKey, newOrg } from '../../helpers/fixtures.ts';
import { insertContact, type StepSpec } from '../../helpers/sequence-fixtures.ts';
import { engagementFixture } from './fixtures.ts';

/** The parts with every signed token (click, open, unsubscribe) replaced by `<token>`: a preview's sign ids of no run. */
const untokened = (s: string) => s.replace(/\/(t\/c|t\/o|u)\/[A-Za-z0-9._-]+/g, '/$1/<token>');

const steps: StepSpec[] = [
  {
    type: 'EMAIL' as const,
    delay_days: 0,
    subject: 'Quick question, {{first_name}}',
    body: 'Hi {{first_name}}, read https://example.com/a?b=1&c=2. Or https://example.org/x',
  },
  {
    type: 'EMAIL' as const,
    delay_days: 3,
    thread: true,
    body: 'Following up.\n--\nGrace, Acme',
    variants: [{ body: 'Act now!' }],
  },
];

describe('engagement API: content check and step preview', function () {
  this.timeout(60_000);
  const fx = engagementFixture();
  const { emailed, stop, db } = fx;
  const preview = (templateId: string, body: unknown, key = fx.org.apiKey) =>
    fx.api.post(`/v1/sequence-templates/${templateId}/preview`, { key, body });

  it('when a template is activated, then the answer carries its warnings and nothing is refused; a draft, a read and a later write that leaves it inactive carry none', async () => {
    const created = await fx.api.post('/v1/sequence-templates', {
      key: fx.org.apiKey,
      body: { name: 'Checked', steps, click_tracking: false },
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.warnings, undefined, 'a draft is not checked');
    const activated = await fx.api.patch(`/v1/sequence-templates/${created.body.id}`, {
      key: fx.org.apiKey,
      body: { status: 'ACTIVE' },
    });
    assert.equal(activated.status, 200, activated.text);
    assert.equal(activated.body.status, 'ACTIVE');
    const summary = (
      activated.body.warnings as { code: string; step: number; variant: number | null; path: string }[]
    ).map((w) => `${w.code} ${w.step}/${w.variant} ${w.path}`);
    assert.deepEqual(summary, [
      'FOREIGN_LINK 1/null steps[0].body',
      'FOREIGN_LINK 1/null steps[0].body',
      'FOOTER_WITHOUT_UNSUBSCRIBE 2/1 steps[1].body',
      'SPAM_PHRASE 2/2 steps[1].variants[0].body',
    ]);
    for (const w of activated.body.warnings) assert.equal(typeof w.message, 'string');
    const read = await fx.api.get(`/v1/sequence-templates/${created.body.id}`, { key: fx.org.apiKey });
    assert.equal(read.body.warnings, undefined, 'a read is not checked');
    const paused = await fx.api.patch(`/v1/sequence-templates/${created.body.id}`, {
      key: fx.org.apiKey,
      body: { status: 'INACTIVE' },
    });
    assert.equal(paused.body.warnings, undefined);
    const clean = await fx.api.post('/v1/sequence-templates', {
      key: fx.org.apiKey,
      body: { name: 'Clean', status: 'ACTIVE', steps: [{ ...steps[0], body: 'Hi {{first_name}}, worth a call?' }] },
    });
    assert.deepEqual([clean.status, clean.body.warnings], [201, []]);
  });

  it('when a step is previewed for a contact, then it is the email its run sends (tokens aside), and nothing is written', async () => {
    const run = await emailed(steps);
    const { rows } = await sql<{
      id: string;
    }>`SELECT sequence_template_id AS id FROM sequences WHERE id = ${run.sequenceId}`.execute(db());
    const templateId = rows[0].id;
    const counts = async () =>
      (
        await sql<{
          n: string;
        }>`SELECT (SELECT count(*) FROM sandbox_outbound_emails) + (SELECT count(*) FROM outbound_effects)
                                 + (SELECT count(*) FROM messages) + (SELECT count(*) FROM sequences) AS n`.execute(
          db(),
        )
      ).rows[0].n;
    const before = await counts();
    const shown = await preview(templateId, { contact_id: run.contactId, step: 1 });
    assert.equal(shown.status, 200, shown.text);
    assert.deepEqual([shown.body.step, shown.body.variant, shown.body.subject], [1, null, 'Quick question, Ada']);
    assert.equal(untokened(shown.body.text), untokened(run.text));
    assert.equal(untokened(shown.body.html), untokened(run.html));
    assert.deepEqual(shown.body.warnings, []);
    assert.equal(await counts(), before, 'the preview wrote nothing');

    const followUp = await preview(templateId, { contact_id: run.contactId, step: 2 });
    assert.deepEqual([followUp.body.variant, followUp.body.subject], [1, 'Re: Quick question, Ada']);
    assert.match(followUp.body.text, /^Following up\.\n--\nGrace, Acme\n\n--\nUnsubscribe: /);
    assert.deepEqual(
      followUp.body.warnings.map((w: { code: string }) => w.code),
      ['FOOTER_WITHOUT_UNSUBSCRIBE'],
    );
    const second = await preview(templateId, { contact_id: run.contactId, step: 2, variant: 2 });
    assert.equal(second.body.variant, 2);
    assert.match(second.body.text, /^Act now!\n/);
    assert.deepEqual(
      second.body.warnings.map((w: { code: string; path: string }) => `${w.code} ${w.path}`),
      ['SPAM_PHRASE steps[1].variants[0].body'],
    );
    await stop(run.sequenceId);
  });

  it('when the organization has a tracking domain, then the preview links, pixel and unsubscribe link use it, and a footer that places {{ unsubscribe_url }} passes', async () => {
    const contactId = await insertContact(fx.stack, fx.org.organizationId, {
      email: `p-${randomUUID()}@example.com`,
      firstName: 'Ada',
    });
    const created = await fx.api.post('/v1/sequence-templates', {
      key: fx.org.apiKey,
      body: {
        name: 'Own footer',
        steps: [{ ...steps[0], body: 'Hi https://example.com\n--\nAcme. Opt out: {{ unsubscribe_url }}' }],
      },
    });
    await sql`UPDATE organizations SET tracking_domain = 'track.preview.test' WHERE id = ${fx.org.organizationId}`.execute(
      db(),
    );
    try {
      const shown = await preview(created.body.id, { contact_id: contactId, step: 1 });
      assert.equal(shown.status, 200, shown.text);
      const unsubscribe = /Unsubscribe: (\S+)$/.exec(shown.body.text)![1];
      assert.match(unsubscribe, /^https:\/\/track\.preview\.test\/u\//);
      assert.match(shown.body.text, /^Hi https:\/\/track\.preview\.test\/t\/c\//);
      assert.ok(shown.body.text.includes(`Opt out: ${unsubscribe}\n`), 'the placed link is the run’s, untracked');
      assert.match(shown.body.html, /<img src="https:\/\/track\.preview\.test\/t\/o\//);
      assert.deepEqual(shown.body.warnings, []);
    } finally {
      await sql`UPDATE organizations SET tracking_domain = NULL WHERE id = ${fx.org.organizationId}`.execute(db());
    }
  });

  it('answers 404 for a template or contact it does not know (another organization’s included), 422 past the last step or variant, 400 off the schema, 403 without the read scope', async () => {
    const contactId = await insertContact(fx.stack, fx.org.organizationId, { email: `p-${randomUUID()}@example.com` });
    const created = await fx.api.post('/v1/sequence-templates', { key: fx.org.apiKey, body: { name: 'Two', steps } });
    const id = created.body.id as string;
    const other = await newOrg(fx.stack);
    const stranger = await insertContact(fx.stack, other.organizationId, { email: `s-${randomUUID()}@example.com` });
    assert.equal((await preview(randomUUID(), { contact_id: contactId, step: 1 })).status, 404);
    assert.equal((await preview(id, { contact_id: randomUUID(), step: 1 })).status, 404);
    assert.equal((await preview(id, { contact_id: stranger, step: 1 })).status, 404);
    assert.equal((await preview(id, { contact_id: contactId, step: 1 }, other.apiKey)).status, 404);
    const past = await preview(id, { contact_id: contactId, step: 3 });
    assert.equal(past.status, 422, past.text);
    assert.match(past.text, /"step"/);
    const variant = await preview(id, { contact_id: contactId, step: 1, variant: 2 });
    assert.equal(variant.status, 422, variant.text);
    assert.match(variant.text, /"variant"/);
    for (const body of [
      { contact_id: contactId, step: 0 },
      { contact_id: contactId },
      { contact_id: contactId, step: 1, x: 1 },
    ])
      assert.equal((await preview(id, body)).status, 400, JSON.stringify(body));
    const reader = await newKey(fx.stack, fx.org.organizationId, ['sequences:read']);
    assert.equal((await preview(id, { contact_id: contactId, step: 1 }, reader.api_key)).status, 200);
    const noRead = await newKey(fx.stack, fx.org.organizationId, ['contacts:read']);
    assert.equal((await preview(id, { contact_id: contactId, step: 1 }, noRead.api_key)).status, 403);
  });
});
