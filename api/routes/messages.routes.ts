// Messages (scope messages:read): the list with its filters, newest first, and one message.
import { messageVariantSchema } from '../schemas/message-variant.schemas.ts';
import { MESSAGE_CHANNELS, MESSAGE_DIRECTIONS } from '../../db/entities/message.entity.ts';
import * as messages from '../../domain/engagement/messages.service.ts';
import { REPLY_CATEGORIES } from '../../domain/engagement/reply-classifier.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams, nullable, nullableTimestamp, timestamp, uuid } from '../schemas/common.schemas.ts';
import type { JsonSchema } from '../validation.ts';
import { named } from '../schemas/named.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';

const tags = ['Messages'];

/** The classifier's category of an INBOUND reply. */
export const replyCategorySchema: JsonSchema = named('MessageReplyCategory', {
  type: 'string',
  enum: [...REPLY_CATEGORIES],
});

export const messageSchema: JsonSchema = named('Message', {
  type: 'object',
  required: [
    'id',
    'contact_id',
    'sequence_id',
    'channel',
    'direction',
    'kind',
    'subject',
    'body',
    'step_number',
    'sent_at',
    'created_at',
    'in_reply_to_id',
    'reply_category',
    'open_count',
    'opened_at',
    'click_count',
    'clicked_at',
    'bounced_at',
    'accepted_at',
    'variant',
  ],
  properties: {
    id: uuid,
    contact_id: uuid,
    sequence_id: { type: ['string', 'null'], format: 'uuid' },
    channel: { type: 'string', enum: [...MESSAGE_CHANNELS] },
    direction: {
      type: 'string',
      enum: [...MESSAGE_DIRECTIONS],
      description: '`OUTBOUND` for team messages, `INBOUND` for replies.',
    },
    kind: { type: 'string', description: '`MESSAGE`, or `INVITATION` for a LinkedIn invitation.' },
    subject: { type: ['string', 'null'], description: 'Email only.' },
    body: { type: 'string', description: 'As rendered, variables substituted.' },
    step_number: { type: ['integer', 'null'], minimum: 1 },
    sent_at: timestamp,
    created_at: timestamp,
    in_reply_to_id: { type: ['string', 'null'], format: 'uuid', description: 'A reply: the message it answers.' },
    reply_category: nullable(
      replyCategorySchema,
      "INBOUND replies: the classifier's category (docs/api/engagement.md); null otherwise.",
    ),
    open_count: { type: 'integer', minimum: 0, description: 'Emails: times the tracking pixel was loaded.' },
    opened_at: { ...nullableTimestamp, description: 'First open.' },
    click_count: { type: 'integer', minimum: 0, description: 'Emails: tracked link clicks.' },
    clicked_at: { ...nullableTimestamp, description: 'First click.' },
    bounced_at: { ...nullableTimestamp, description: 'When the email bounced.' },
    accepted_at: { ...nullableTimestamp, description: 'LinkedIn invitations: when the contact accepted.' },
    variant: messageVariantSchema,
  },
});

const listQuery = listQuerySchema(messages.MESSAGE_SORT_FIELDS, {
  contact_id: uuid,
  sequence_id: uuid,
  channel: { type: 'string', enum: [...MESSAGE_CHANNELS] },
  direction: { type: 'string', enum: [...MESSAGE_DIRECTIONS] },
});
(listQuery.properties as Record<string, JsonSchema>).sort_order = {
  type: 'string',
  enum: ['asc', 'desc'],
  default: 'desc',
  description: 'Default `desc` (newest first).',
};

export function messagesRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, PageQuery<messages.MessageSort> & messages.MessageFilters>({
      method: 'GET',
      path: '/v1/messages',
      auth: 'key',
      scope: 'messages:read',
      tags,
      operationId: 'listMessages',
      requestExample: { query: { sequence_id: EXAMPLE_IDS.sequence } },
      summary: 'List messages',
      description:
        'Default order: sent_at descending (newest first); `sort_by` sent_at or created_at. Filters combine with AND.',
      query: listQuery,
      responses: { 200: { description: 'Envelope of messages.', schema: envelopeSchema(messageSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await messages.listMessages(
          ctx.state.em,
          ctx.state.principal.organizationId,
          filters,
          {
            ...pageWindow(query),
            sortBy: sort_by,
            sortOrder: sort_order,
          },
        );
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
    defineRoute<{ message_id: string }>({
      method: 'GET',
      path: '/v1/messages/{message_id}',
      auth: 'key',
      scope: 'messages:read',
      tags,
      operationId: 'getMessage',
      summary: 'A message',
      description:
        'A message a sequence or a person sent or received, with its engagement: opens and clicks (emails), the reply category (INBOUND ' +
        'replies), bounce and acceptance times.',
      params: idParams('message_id'),
      responses: {
        200: { description: 'The message.', schema: messageSchema },
        404: { description: 'No such message in the organization.' },
      },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await messages.getMessage(ctx.state.em, ctx.state.principal.organizationId, params.message_id),
      }),
    }),
  ];
}
