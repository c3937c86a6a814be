// POST /v1/contacts/enrich and POST /v1/contacts/get-and-enrich (contacts:write): the enrichment
// provider, paid with organization credits (docs/api/people.md, 'Enrichment and qualification').
import type { EnrichmentProvider } from '../../providers/enrichment/index.ts';
import {
  enrichPerson,
  getAndEnrich,
  type EnrichRequest,
  type LocateRequest,
} from '../../domain/people/enrichment.service.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { errorSchema } from '../schemas/common.schemas.ts';
import {
  enrichBodySchema,
  enrichResponseSchema,
  getAndEnrichBodySchema,
  getAndEnrichResponseSchema,
} from '../schemas/enrichment.schemas.ts';

const tags = ['Contacts'];
const CREDITS =
  'One enrichment credit is spent per provider answer with data; no match and pending answers are free. ' +
  'The balance is checked before the provider is called: with no credits left the call answers 422 BusinessIssue ' +
  'with `data: {field: "enrichment_credits", balance: 0}` and the provider is not asked. ' +
  'Sandbox: the directory fixtures (e.g. ada@acme.test) answer at once; an email at async-enrich.test answers ' +
  '`completed: false, pending_provider: "sandbox-async"` first, and its data when repeated after ENRICH_ASYNC_DELAY_MS. ' +
  "Rate limit: besides the key's and the organization's budgets, these calls spend the organization's lower enrichment budget " +
  '(RATE_LIMIT_ENRICHMENT_PER_ORG per window; 429 RateLimitIssue with `data.scope: "enrichment"`).';
const noCredits = {
  description: 'No enrichment credits left (BusinessIssue, `data.field` enrichment_credits).',
  schema: errorSchema,
};

export function enrichmentRoutes(deps: { enrichment: EnrichmentProvider }): RouteDef[] {
  return [
    defineRoute<Record<string, string>, Record<string, never>, EnrichRequest>({
      method: 'POST',
      path: '/v1/contacts/enrich',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'enrichContact',
      rateBudget: 'enrichment',
      summary: 'Enrich a described person',
      description: `Queries the enrichment provider, matching by email, then LinkedIn URL, then name at company_domain. Neither reads nor writes the workspace: persist a result with POST /v1/contacts. ${CREDITS}`,
      body: enrichBodySchema,
      responses: {
        200: { description: 'The provider answer and the credit accounting.', schema: enrichResponseSchema },
        422: noCredits,
      },
      handler: async (ctx, { body }) => ({
        status: 200,
        body: await enrichPerson(ctx.state.em, deps.enrichment, ctx.state.principal.organizationId, body),
      }),
    }),
    defineRoute<Record<string, string>, Record<string, never>, LocateRequest>({
      method: 'POST',
      path: '/v1/contacts/get-and-enrich',
      auth: 'key',
      scope: 'contacts:write',
      tags,
      operationId: 'getAndEnrichContact',
      rateBudget: 'enrichment',
      summary: 'A workspace contact with its gaps filled by enrichment',
      description:
        'Stored values always win; the provider only fills gaps and nothing is written back. The provider is called only when the ' +
        'matched contact lacks an email, a job title or a company domain, or when nothing matches and an email or LinkedIn URL was given. ' +
        `GET /v1/contacts/{contact_id} is the free read-only alternative. ${CREDITS}`,
      body: getAndEnrichBodySchema,
      responses: {
        200: { description: 'The merged person and the credit accounting.', schema: getAndEnrichResponseSchema },
        404: { description: 'contact_id is not a contact of this workspace.', schema: errorSchema },
        422: noCredits,
      },
      handler: async (ctx, { body }) => ({
        status: 200,
        body: await getAndEnrich(ctx.state.em, deps.enrichment, ctx.state.principal.organizationId, body),
      }),
    }),
  ];
}
