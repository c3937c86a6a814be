// The enrichment provider behind a small interface: given what is known of a person, it answers
// who they are and where they work. sandbox.ts is the offline stand-in; a paid vendor plugs in here.

/** What the caller knows; identifiers normalised (domain/people/identifiers.ts) by the caller. */
export interface EnrichmentInput {
  email?: string;
  linkedin_url?: string;
  first_name?: string;
  last_name?: string;
  company_domain?: string;
}

export interface EnrichedCompany {
  industry: string | null;
  /** Employee band such as '11-50', '201-500', '1001-5000'. */
  size_band: string | null;
  employee_count: number | null;
  /** ISO 3166-1 alpha-2. */
  country_code: string | null;
  /** e.g. 'PRIVATE', 'PUBLIC', 'NONPROFIT', 'GOVERNMENT'. */
  company_type: string | null;
  technologies: string[];
}

export interface EnrichedPerson {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  linkedin_url: string | null;
  job_title: string | null;
  /** e.g. 'C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR', 'ENTRY'. */
  seniority: string | null;
  phone: string | null;
  company_name: string | null;
  company_domain: string | null;
  company: EnrichedCompany | null;
  /** The provider that produced the data. */
  provider: string;
}

/**
 * `completed` with `data` null: the provider looked and found no one. `pending`: the provider
 * works asynchronously; asking again with the same input later picks the answer up.
 */
export type EnrichmentResult =
  { status: 'completed'; data: EnrichedPerson | null } | { status: 'pending'; provider: string };

export interface EnrichmentProvider {
  enrich(input: EnrichmentInput): Promise<EnrichmentResult>;
}
