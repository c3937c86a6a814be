// Real events for the payload-schema suite, each made the way a client makes it: through the API
// (and its sandbox test helpers) on the real stack, so the bodies the receiver gets are what the
// service sends, not fixtures. One call per family of events; every call waits for its deliveries.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TemplateStep } from '../../../db/entities/sequence-template.entity.ts';
import { resolveEventBatch } from '../../../domain/events/resolution.service.ts';
import { decidedVariant } from '../../../domain/sequences/ab-decision.ts';
import { createProviders } from '../../../providers/index.ts';
import type { client } from '../../helpers/http.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import type { Receiver } from '../../helpers/webhook-receiver.ts';

type Body = Record<string, unknown>;

export interface Flows {
  /** The first delivery of `type` whose body satisfies `match` (waiting for it). */
  delivered(type: string, match?: (body: Body) => boolean): Promise<Body>;
  emailSequence(): Promise<void>;
  linkedinSequence(): Promise<void>;
  sequenceTasks(): Promise<void>;
  todo(): Promise<void>;
  resources(): Promise<void>;
}

export function eventFlows(stack: Stack, api: ReturnType<typeof client>, org: TestOrg, receiver: Receiver): Flows {
  const tag = () => randomUUID().slice(0, 8);

  async function call(method: 'post' | 'patch', path: string, body?: unknown, statuses = [200, 201]): Promise<Body> {
    const response = await api[method](path, { key: org.apiKey, body });
    assert.ok(
      statuses.includes(response.status),
      `${method.toUpperCase()} ${path}: ${response.status} ${response.text}`,
    );
    return response.body as Body;
  }
  const post = (path: string, body?: unknown) => call('post', path, body);

  async function delivered(type: string, match: (body: Body) => boolean = () => true): Promise<Body> {
    const found = await receiver.waitFor((body) => body.type === type && match(body), 30_000);
    return JSON.parse(found.body) as Body;
  }

  async function contact(fields: Body): Promise<string> {
    return (
      await post('/v1/contacts', {
        first_name: 'Ada',
        last_name: 'Lovelace',
        job_title: 'CTO',
        company_domain: `payloads-${tag()}.test`,
        ...fields,
      })
    ).id as string;
  }
  async function template(steps: Body[], extra: Body = {}): Promise<string> {
    return (await post('/v1/sequence-templates', { name: `Payloads ${tag()}`, status: 'ACTIVE', steps, ...extra }))
      .id as string;
  }
  async function enroll(contactId: string, templateId: string): Promise<string> {
    return (await post('/v1/sequences', { contact_id: contactId, sequence_template_id: templateId })).id as string;
  }
  const ofSequence = (id: string) => (body: Body) => body.sequence_id === id;

  return {
    delivered,

    /** sequence.created, message.sent (a step's and a reply's), opened, link_clicked, hot_lead.created, paused, resumed, replied, task.created (a reply task), task.completed, meeting.created, sequence.stopped. */
    async emailSequence() {
      const contactId = await contact({ email: `ada-${tag()}@example.com` });
      const templateId = await template([
        {
          type: 'EMAIL',
          delay_days: 0,
          subject: 'Hello {{first_name}}',
          body: 'Hi {{first_name}}, see https://example.com/pricing',
        },
        { type: 'EMAIL', delay_days: 3, subject: 'Again', body: 'Following up' },
      ]);
      const sequenceId = await enroll(contactId, templateId);
      const sent = await delivered('message.sent', ofSequence(sequenceId));
      const messageId = String(sent.message_id);
      await post(`/v1/test-helpers/messages/${messageId}/open`);
      await post(`/v1/test-helpers/messages/${messageId}/click`, { url: 'https://example.com/pricing' });
      await delivered('hot_lead.created', ofSequence(sequenceId));
      await post(`/v1/sequences/${sequenceId}/pause`, {});
      await delivered('sequence.paused', ofSequence(sequenceId));
      await post(`/v1/sequences/${sequenceId}/resume`);
      await delivered('sequence.resumed', ofSequence(sequenceId));
      const reply = await post(`/v1/test-helpers/messages/${messageId}/reply`, {
        body: 'Which plan fits a team of five?',
      });
      assert.equal(reply.reply_category, 'OTHER');
      await post(`/v1/tasks/${String(reply.task_id)}/execute`, {
        payload: { type: 'email_reply', body: 'The team plan: five seats.' },
      });
      await delivered('message.sent', (body) => body.sequence_id === sequenceId && body.task_id === reply.task_id);
      await post(`/v1/test-helpers/contacts/${contactId}/meeting`, {});
      await delivered('meeting.created', ofSequence(sequenceId));
      await delivered('sequence.stopped', ofSequence(sequenceId));
      for (const type of [
        'message.opened',
        'message.link_clicked',
        'message.replied',
        'task.created',
        'task.completed',
      ])
        await delivered(type, ofSequence(sequenceId));
    },

    /** invitation.sent, sequence.completed (the invitation was the last step), invitation.accepted. */
    async linkedinSequence() {
      const contactId = await contact({ linkedin_url: `https://www.linkedin.com/in/ada-${tag()}` });
      const sequenceId = await enroll(
        contactId,
        await template([{ type: 'LINKEDIN_INVITATION', delay_days: 0, body: 'Hi {{first_name}}' }]),
      );
      await delivered('invitation.sent', ofSequence(sequenceId));
      await delivered('sequence.completed', ofSequence(sequenceId));
      await post(`/v1/test-helpers/contacts/${contactId}/linkedin-accept`);
      await delivered('invitation.accepted', ofSequence(sequenceId));
    },

    /** task.created of a CALL step (with step_number) and of a lead to review. */
    async sequenceTasks() {
      const called = await enroll(
        await contact({ email: `call-${tag()}@example.com` }),
        await template([{ type: 'CALL', delay_days: 0, body: 'Call {{first_name}}' }]),
      );
      await delivered('task.created', ofSequence(called));
      const reviewed = await enroll(
        await contact({ email: `review-${tag()}@example.com` }),
        await template([{ type: 'EMAIL', delay_days: 0, subject: 'Hi', body: 'Hi' }], { requires_lead_review: true }),
      );
      await delivered('task.created', ofSequence(reviewed));
    },

    /** A standalone to-do's task.created, task.completed, task.reopened and task.skipped (no sequence). */
    async todo() {
      const contactId = await contact({ email: `todo-${tag()}@example.com` });
      const task = await post('/v1/tasks', {
        title: 'Send the contract',
        due_date: new Date().toISOString().slice(0, 10),
        contact_id: contactId,
      });
      const ofTask = (body: Body) => body.task_id === task.id;
      await delivered('task.created', ofTask);
      await post(`/v1/tasks/${String(task.id)}/complete`, {});
      await delivered('task.completed', ofTask);
      await post(`/v1/tasks/${String(task.id)}/reopen`);
      await delivered('task.reopened', ofTask);
      await post(`/v1/tasks/${String(task.id)}/skip`);
      await delivered('task.skipped', ofTask);
    },

    /** contact_exclusion.created (with and without a known contact), contact_entry.resolved, event.resolved, contact.erased, sequence_template.variant_won. */
    async resources() {
      const email = `known-${tag()}@example.com`;
      const contactId = await contact({ email });
      const excluded = await post('/v1/contact-exclusions', { email, reason: 'UNSUBSCRIBED' });
      assert.ok(
        (await delivered('contact_exclusion.created', (body) => body.exclusion_id === excluded.id)).contact,
        'a known contact is embedded',
      );
      const stranger = await post('/v1/contact-exclusions', {
        linkedin_url: `https://www.linkedin.com/in/stranger-${tag()}`,
        reason: 'WRONG_PERSON',
      });
      assert.equal(
        'contact' in (await delivered('contact_exclusion.created', (body) => body.exclusion_id === stranger.id)),
        false,
      );

      const list = await post('/v1/contact-lists', { items: [{ name: `Payloads ${tag()}` }] });
      const listId = (list.items as { resource: { id: string } }[])[0].resource.id;
      const entryEmail = `entry-${tag()}@example.com`;
      await contact({ email: entryEmail });
      await post('/v1/contact-entries', {
        items: [{ contact_list_id: listId, email: entryEmail, external_contact_id: 'crm-7' }],
      });
      await delivered('contact_entry.resolved', (body) => body.contact_list_id === listId);

      const ingested = {
        event_name: 'demo_requested',
        occurred_at: new Date().toISOString(),
        subject: { email },
        external_event_id: `evt-${tag()}`,
      };
      await call('post', '/v1/events', ingested, [202]);
      await resolveEventBatch(stack.orm.em.fork(), createProviders({ orm: stack.orm, config: stack.config }), {
        limit: 50,
        organizationIds: [org.organizationId],
      });
      const resolved = await delivered(
        'event.resolved',
        (body) => body.external_event_id === ingested.external_event_id,
      );
      assert.deepEqual([resolved.resolution_status, resolved.contact_id], ['RESOLVED', contactId]);

      const erasedId = await contact({ email: `erased-${tag()}@example.com` });
      const job = await call('post', `/v1/contacts/${erasedId}/erase`, undefined, [202]);
      assert.equal((await delivered('contact.erased', (body) => body.erasure_job_id === job.id)).contact_id, erasedId);

      // sequence_template.variant_won: a step's A/B test decided on counters that leave no doubt.
      const step = { type: 'EMAIL', delay_days: 0, subject: 'A', body: 'A' } as const;
      const abStep = { ...step, variants: [{ subject: 'B', body: 'B' }], ab_test: { min_sends_per_variant: 20 } };
      const template = await post('/v1/sequence-templates', { name: `A/B ${tag()}`, steps: [abStep] });
      const db = stack.orm.em.fork().getKysely();
      for (const [variant, replied] of [
        [1, 2],
        [2, 40],
      ])
        await sql`insert into sequence_stats_daily (sequence_template_id, day, step_number, variant, sender_id, organization_id, sent, replied)
          values (${template.id}, current_date, 1, ${variant}, ${randomUUID()}, ${org.organizationId}, 100, ${replied})`.execute(
          db,
        );
      const run = {
        organization_id: org.organizationId,
        sequence_template_id: String(template.id),
        template_name: 'A/B',
      };
      const steps = template.steps as TemplateStep[];
      await stack.orm.em.fork().transactional((tx) => decidedVariant(tx, run, steps[0], 1, new Date()));
      await delivered('sequence_template.variant_won', (body) => body.sequence_template_id === template.id);
    },
  };
}
