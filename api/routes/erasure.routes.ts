// A person's erasure at a privacy request (docs/api/people.md): ask for it, then read its job.
import { getErasureJob, requestErasure } from '../../domain/erasure/request.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { idParams } from '../schemas/common.schemas.ts';
import { erasureJobSchema } from '../schemas/erasure.schemas.ts';

const tags = ['Contacts'];

export function erasureRoutes(deps: { workflows: WorkflowClients }): RouteDef[] {
  return [
    defineRoute<{ contact_id: string }>({
      method: 'POST',
      path: '/v1/contacts/{contact_id}/erase',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'requestContactErasure',
      summary: 'Erase a person everywhere (privacy request)',
      description:
        "Queues one durable job that stops the contact's runs (no email leaves after it finishes; a send already handed over completes, " +
        'one only recorded is cancelled), deletes their CRM record through the CRM, and erases or redacts every copy of them: the contact, ' +
        'its runs, messages, tasks, list entries, activities and webhook deliveries, exclusions, ingested events, inbox records, ' +
        "stored idempotent answers and the effects ledger's requests. Only a keyed hash of the email and LinkedIn URL stays, so the person " +
        'is never added again. Answers 202 with the job (read it at `GET /v1/erasure-jobs/{job_id}`); asking again answers the same job ' +
        '(a FAILED one is queued again). Emits `contact.erased` when done.',
      params: idParams('contact_id'),
      responses: { 202: { description: 'The erasure job.', schema: erasureJobSchema } },
      handler: async (ctx, { params }) => {
        const { job } = await requestErasure(
          ctx.state.rootEm,
          { workflows: deps.workflows, logger: ctx.state.logger },
          ctx.state.principal.organizationId,
          { contactId: params.contact_id },
        );
        return { status: 202, body: job };
      },
    }),
    defineRoute<{ job_id: string }>({
      method: 'GET',
      path: '/v1/erasure-jobs/{job_id}',
      auth: 'key',
      scope: 'contacts:read',
      tags,
      operationId: 'getErasureJob',
      summary: 'An erasure job',
      description:
        'Its status (QUEUED, RUNNING, SUCCEEDED, FAILED) and, once done, how many rows of each table it erased.',
      params: idParams('job_id'),
      responses: { 200: { description: 'The erasure job.', schema: erasureJobSchema } },
      handler: async (ctx, { params }) => ({
        status: 200,
        body: await getErasureJob(ctx.state.rootEm, ctx.state.principal.organizationId, params.job_id),
      }),
    }),
  ];
}
