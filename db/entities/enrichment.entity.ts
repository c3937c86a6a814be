// The sandbox enrichment provider's own store of asynchronous jobs (providers/enrichment/sandbox.ts):
// a stand-in for an outside vendor's state, so it has no organization and no foreign keys.
import { defineEntity, p } from '@mikro-orm/postgresql';
import type { EnrichedPerson } from '../../providers/enrichment/index.ts';

export const SandboxEnrichmentJobSchema = defineEntity({
  name: 'SandboxEnrichmentJob',
  tableName: 'sandbox_enrichment_jobs',
  properties: {
    /** The normalised identifier asked about, e.g. `email:jane@async-enrich.test`. */
    requestKey: p.text().primary(),
    /** Calls before this time answer pending. */
    readyAt: p.datetime(),
    /** The answer, fixed when the job opens. */
    result: p.json<EnrichedPerson>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class SandboxEnrichmentJob extends SandboxEnrichmentJobSchema.class {}
SandboxEnrichmentJobSchema.setClass(SandboxEnrichmentJob);
