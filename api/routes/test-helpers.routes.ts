// Sandbox test helpers (SANDBOX_MODE only; scope sequences:write; tag "Test helpers"): simulate what
// the outside world does with a run's messages, since no real mailbox, LinkedIn account or calendar
// is connected. Each goes through the same engagement code a real signal would (domain/engagement/*.service.ts).
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Logger } from 'pino';
import * as engagement from '../../domain/engagement/engagement.service.ts';
import {
  recordInvitationAccepted,
  recordMeeting,
  type MeetingInput,
} from '../../domain/engagement/invitations-meetings.service.ts';
import { recordClick, recordOpen } from '../../domain/engagement/opens-clicks.service.ts';
import type { AppContext } from '../context.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams, timestamp, uuid } from '../schemas/common.schemas.ts';
import { sequenceSchema } from '../schemas/sequences.schemas.ts';
import type { JsonSchema } from '../validation.ts';
import { messageSchema, replyCategorySchema } from './messages.routes.ts';
import { named } from '../schemas/named.ts';
import { BOUNCED, CLICKED, INVITATION_ACCEPTED } from '../examples/service.examples.ts';
import type { ReputationRule } from '../../domain/mailboxes/reputation-rule.ts';

const tags = ['Test helpers'];
const nullableSequence: JsonSchema = { oneOf: [sequenceSchema, { type: 'null' }] };
const engagementResult: JsonSchema = named('TestHelperResult', {
  type: 'object',
  required: ['message', 'sequence'],
  properties: {
    message: messageSchema,
    sequence: { ...nullableSequence, description: 'The run as it now is; null for a message without a run.' },
  },
});
const meetingSchema: JsonSchema = named('Meeting', {
  type: 'object',
  required: ['id', 'contact_id', 'sequence_id', 'title', 'start_time', 'end_time', 'timezone', 'created_at'],
  properties: {
    id: uuid,
    contact_id: uuid,
    sequence_id: { type: ['string', 'null'], format: 'uuid' },
    title: { type: 'string' },
    start_time: timestamp,
    end_time: timestamp,
    timezone: { type: 'string' },
    created_at: timestamp,
  },
});
const notEngageable =
  'The message cannot take this engagement (BusinessIssue): e.g. an INBOUND message, or an open/click/bounce of a LinkedIn message.';

export function testHelpersRoutes(deps: {
  workflows: WorkflowClients;
  logger: Logger;
  reputation?: ReputationRule;
}): RouteDef[] {
  const with_ = (ctx: AppContext): engagement.EngagementDeps => ({
    em: ctx.state.em,
    workflows: deps.workflows,
    logger: deps.logger,
    reputation: deps.reputation,
  });
  const org = (ctx: AppContext) => ctx.state.principal.organizationId;
  const messageParams = idParams('message_id');
  const contactParams = idParams('contact_id');
  return [
    defineRoute<{ message_id: string }>({
      method: 'POST',
      path: '/v1/test-helpers/messages/{message_id}/open',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'testHelperOpen',
      summary: 'Simulate an email open',
      description:
        'As if the tracking pixel loaded: open_count + 1; the first open emits message.opened and scores +1.',
      params: messageParams,
      responses: {
        200: { description: 'The message and its run.', schema: engagementResult },
        404: { description: 'No such message.' },
        422: { description: notEngageable },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await recordOpen(with_(ctx), org(ctx), params.message_id),
      }),
    }),
    defineRoute<{ message_id: string }, Record<string, never>, { url?: string }>({
      method: 'POST',
      path: '/v1/test-helpers/messages/{message_id}/click',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'testHelperClick',
      summary: 'Simulate a tracked link click',
      description:
        'As if a tracked link was followed: click_count + 1 and message.link_clicked (with `url`); the first click scores +2.',
      params: messageParams,
      body: named('TestHelperClick', {
        type: 'object',
        additionalProperties: false,
        properties: { url: { type: 'string', format: 'uri', maxLength: 4096, pattern: '^https?://' } },
      }),
      responses: {
        200: { description: 'The message and its run.', schema: engagementResult, example: CLICKED },
        404: { description: 'No such message.' },
        422: { description: notEngageable },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await recordClick(with_(ctx), org(ctx), params.message_id, body?.url ?? null),
      }),
    }),
    defineRoute<{ message_id: string }, Record<string, never>, { body: string; subject?: string }>({
      method: 'POST',
      path: '/v1/test-helpers/messages/{message_id}/reply',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'testHelperReply',
      summary: 'Simulate a reply from the contact',
      description:
        'Stores the INBOUND reply (classified: INTERESTED, NOT_INTERESTED, UNSUBSCRIBE, OUT_OF_OFFICE, OTHER; rules in docs/api/engagement.md) and emits ' +
        'message.replied. On a running run: INTERESTED ends it SUCCEEDED; NOT_INTERESTED ends it FAILED; UNSUBSCRIBE ends it FAILED and excludes the ' +
        'contact; OUT_OF_OFFICE with a return date pauses it until then; anything else halts automatic steps and leaves it WAITING_FOR_USER with ' +
        'an EMAIL_REPLY or LINKEDIN_REPLY task (`task_id`) until the team answers it (execute: WAITING_FOR_LEAD); a paused run stays paused. ' +
        "The reply's step_number is the step of the message answered.",
      params: messageParams,
      body: named('TestHelperReply', {
        type: 'object',
        additionalProperties: false,
        required: ['body'],
        properties: {
          body: { type: 'string', minLength: 1, maxLength: 50_000 },
          subject: { type: 'string', maxLength: 998, description: 'Email only; default `Re: <subject>`.' },
        },
      }),
      responses: {
        200: {
          description: 'The reply, its category, the run and the task created.',
          schema: named('TestHelperReplyResult', {
            type: 'object',
            required: ['message', 'sequence', 'reply_category', 'task_id'],
            properties: {
              message: messageSchema,
              sequence: nullableSequence,
              reply_category: replyCategorySchema,
              task_id: { type: ['string', 'null'], format: 'uuid' },
            },
          }),
        },
        404: { description: 'No such message.' },
        422: { description: notEngageable },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await engagement.recordReply(with_(ctx), org(ctx), params.message_id, body),
      }),
    }),
    defineRoute<{ message_id: string }>({
      method: 'POST',
      path: '/v1/test-helpers/messages/{message_id}/bounce',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'testHelperBounce',
      summary: 'Simulate a bounce',
      description:
        "Marks the message bounced and the contact's email BOUNCED; a running run ends FAILED with stopped_reason BOUNCED.",
      params: messageParams,
      responses: {
        200: { description: 'The message and its run.', schema: engagementResult, example: BOUNCED },
        404: { description: 'No such message.' },
        422: { description: notEngageable },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await engagement.recordBounce(with_(ctx), org(ctx), params.message_id),
      }),
    }),
    defineRoute<{ contact_id: string }, Record<string, never>, MeetingInput>({
      method: 'POST',
      path: '/v1/test-helpers/contacts/{contact_id}/meeting',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'testHelperMeeting',
      summary: 'Simulate a booked meeting',
      // A meeting has no URL of its own: where it shows, the contact's meeting.created activities.
      location: '/v1/activities?contact_id={meeting.contact_id}&types=meeting.created',
      description:
        "Stores the meeting, emits meeting.created on the contact's latest running run (else its latest run), and ends every running run of " +
        'the contact SUCCEEDED with stopped_reason MEETING_BOOKED. Defaults: start tomorrow on the hour, 30 minutes, UTC.',
      params: contactParams,
      body: named('TestHelperMeeting', {
        type: 'object',
        additionalProperties: false,
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 500 },
          start_time: timestamp,
          end_time: timestamp,
          timezone: { type: 'string', minLength: 1, maxLength: 64, description: 'IANA time zone name.' },
        },
      }),
      responses: {
        201: {
          description: 'The meeting and the runs it ended.',
          schema: named('TestHelperMeetingResult', {
            type: 'object',
            required: ['meeting', 'stopped_sequence_ids'],
            properties: { meeting: meetingSchema, stopped_sequence_ids: { type: 'array', items: uuid } },
          }),
        },
        404: { description: 'No such contact.' },
        422: { description: 'end_time not after start_time, or an unknown time zone (ValidationIssue).' },
      },
      handler: async (ctx, { params, body }) => ({
        status: 201,
        body: await recordMeeting(with_(ctx), org(ctx), params.contact_id, body ?? {}),
      }),
    }),
    defineRoute<{ contact_id: string }>({
      method: 'POST',
      path: '/v1/test-helpers/contacts/{contact_id}/linkedin-accept',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'testHelperLinkedinAccept',
      summary: 'Simulate an accepted LinkedIn invitation',
      description: 'The contact accepts their latest invitation: invitation.accepted (once) and +2 engagement points.',
      params: contactParams,
      responses: {
        200: {
          description: 'The invitation message and its run.',
          schema: engagementResult,
          example: INVITATION_ACCEPTED,
        },
        404: { description: 'No such contact.' },
        422: { description: 'No LinkedIn invitation was sent to the contact (BusinessIssue).' },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await recordInvitationAccepted(with_(ctx), org(ctx), params.contact_id),
      }),
    }),
  ];
}
