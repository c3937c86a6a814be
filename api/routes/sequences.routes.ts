// Sequences: enrollment (POST /v1/sequences: answered at commit when no email verification is due,
// else after the enrollment workflow's verification, within a bounded wait) and the reads.
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Config } from '../../config.ts';
import type { Directory } from '../../providers/directory/index.ts';
import type { Logger } from 'pino';
import * as sequences from '../../domain/sequences/sequences.service.ts';
import { REFUSAL_REASONS } from '../../domain/sequences/enrollment/enrollment.types.ts';
import { envelope, envelopeSchema, listQuerySchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import {
  enrollmentPendingSchema,
  enrollSchema,
  sequenceListFilters,
  sequenceDetailSchema,
  sequenceSchema,
} from '../schemas/sequences.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';
import { SEQUENCE_ENROLLED } from '../examples/sequences.examples.ts';

export interface SequencesDeps {
  workflows: WorkflowClients;
  directory: Directory;
  config: Pick<Config, 'temporalTaskQueue' | 'enrollmentWaitMs' | 'slowVerifyMs'>;
}

const tags = ['Sequences'];

/**
 * Seconds a 202 asks the client to wait before polling: the check still running after the wait is
 * an email verification, which usually ends within seconds; polling more often only costs requests.
 */
export const ENROLLMENT_RETRY_AFTER_SECONDS = 5;

export function sequencesRoutes(deps: SequencesDeps): RouteDef[] {
  return [
    defineRoute<Record<string, string>, Record<string, never>, sequences.EnrollRequest>({
      method: 'POST',
      path: '/v1/sequences',
      auth: 'key',
      scope: 'sequences:write',
      tags,
      operationId: 'enrollContact',
      location: '/v1/sequences/{id}',
      summary: 'Enroll a contact in a sequence template',
      description:
        'Runs the eligibility check (identifier, exclusions, channels the steps need, and an email verification when the address was never ' +
        `verified) and waits for it up to ENROLLMENT_WAIT_MS (default 20 s). Refusal reasons: ${REFUSAL_REASONS.join(', ')}. ` +
        'A refusal leaves a REFUSED sequence either way; after a 202, poll GET /v1/sequences?contact_id=.',
      body: enrollSchema,
      responses: {
        201: {
          description: 'The new sequence (ACTIVE, or FOUND when the template requires lead review).',
          schema: sequenceSchema,
          example: SEQUENCE_ENROLLED,
        },
        202: {
          description:
            'The check is still running: poll GET /v1/sequences?contact_id=&sequence_template_id= after `Retry-After` seconds.',
          schema: enrollmentPendingSchema,
          headers: {
            'Retry-After': {
              description: `Seconds to wait before polling for the outcome (${ENROLLMENT_RETRY_AFTER_SECONDS}).`,
              schema: { type: 'integer', minimum: 1 },
            },
          },
        },
        404: { description: 'Contact or template not found.' },
        409: { description: 'The contact already runs this template (CommitIssue; `data.sequence_id`).' },
        422: {
          description:
            'Template not ACTIVE or without steps (ValidationIssue naming sequence_template_id); or refused (BusinessIssue; `data.reason`, `data.sequence_id` of the REFUSED row).',
        },
        503: {
          description:
            'An email verification is due and the workflow service is unavailable (UnavailableIssue; nothing written). An enrollment that needs no verification answers 201 at its commit without Temporal.',
        },
      },
      handler: async (ctx, { body }) => {
        const { em, principal } = ctx.state;
        // The request's logger only if a start command's delivery fails (it is made on first use).
        const logger = { warn: (...args: Parameters<Logger['warn']>) => ctx.state.logger.warn(...args) };
        const enrolled = await sequences.enroll(
          { em, workflows: deps.workflows, directory: deps.directory, config: deps.config, logger },
          principal.organizationId,
          body,
          { audit: ctx.state.audit },
        );
        return enrolled.outcome === 'CREATED'
          ? { status: 201, body: enrolled.sequence }
          : { status: 202, body: enrolled.pending, headers: { 'Retry-After': String(ENROLLMENT_RETRY_AFTER_SECONDS) } };
      },
    }),
    defineRoute<Record<string, string>, PageQuery<sequences.SequenceSort> & sequences.SequenceFilters>({
      method: 'GET',
      path: '/v1/sequences',
      auth: 'key',
      scope: 'sequences:read',
      tags,
      operationId: 'listSequences',
      requestExample: { query: { contact_id: EXAMPLE_IDS.contact } },
      summary: 'List sequences',
      description: 'Default order: created_at ascending. Filters combine with AND.',
      query: listQuerySchema(sequences.SEQUENCE_SORT_FIELDS, sequenceListFilters),
      responses: { 200: { description: 'Envelope of sequences.', schema: envelopeSchema(sequenceSchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_by, sort_order, ...filters } = query;
        const { items, total } = await sequences.listSequences(
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
    defineRoute<{ sequence_id: string }>({
      method: 'GET',
      path: '/v1/sequences/{sequence_id}',
      auth: 'key',
      scope: 'sequences:read',
      tags,
      operationId: 'getSequence',
      summary: 'A sequence',
      description:
        "The run of one contact through one template: status, `stopped_reason`, the step reached, its variables, the entry that sourced it, and when its next email is planned to go out (`next_send_at`, a paced mailbox's send slot).",
      params: idParams('sequence_id'),
      responses: { 200: { description: 'The sequence, with its next planned send.', schema: sequenceDetailSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await sequences.getSequenceDetail(ctx.state.em, ctx.state.principal.organizationId, params.sequence_id),
      }),
    }),
  ];
}
