// The sandbox enrichment provider: offline and deterministic, it answers from the sandbox directory
// and plays an asynchronous vendor for emails at async-enrich.test.
import type { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import { emailDomain, normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../../domain/people/identifiers.ts';
import type { Directory, DirectoryPerson } from '../directory/index.ts';
import type { EnrichedPerson, EnrichmentInput, EnrichmentProvider, EnrichmentResult } from './index.ts';

export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_ASYNC_PROVIDER = 'sandbox-async';
export const ASYNC_DOMAIN = 'async-enrich.test';

function fromDirectory(person: DirectoryPerson): EnrichedPerson {
  const company = person.company;
  const currentJob = person.jobHistory.find((job) => job.endedOn === null);
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    linkedin_url: person.linkedinUrl,
    job_title: person.jobTitle,
    seniority: person.seniority,
    phone: person.phone,
    company_name: company?.name ?? currentJob?.companyName ?? null,
    company_domain: company?.domain ?? currentJob?.companyDomain ?? null,
    company: company
      ? {
          industry: company.industry,
          size_band: company.sizeBand,
          employee_count: company.employeeCount,
          country_code: company.countryCode,
          company_type: company.companyType,
          technologies: [...company.technologies],
        }
      : null,
    provider: SANDBOX_PROVIDER,
  };
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The person an async-enrich.test address stands for: names from the local part (jane.doe → Jane Doe). */
export function asyncPerson(email: string): EnrichedPerson {
  const words = email
    .slice(0, email.lastIndexOf('@'))
    .split(/[._+-]+/)
    .filter(Boolean)
    .map(capitalise);
  return {
    first_name: words[0] ?? null,
    last_name: words.length > 1 ? words.slice(1).join(' ') : null,
    email,
    linkedin_url: null,
    job_title: 'Operations Manager',
    seniority: 'MANAGER',
    phone: null,
    company_name: 'Async Enrich',
    company_domain: ASYNC_DOMAIN,
    company: {
      industry: 'Software',
      size_band: '51-200',
      employee_count: 120,
      country_code: 'US',
      company_type: 'PRIVATE',
      technologies: ['AWS'],
    },
    provider: SANDBOX_ASYNC_PROVIDER,
  };
}

/**
 * Matches by email, then LinkedIn URL, then name at company domain. An async-enrich.test email
 * opens a job on first sight (sandbox_enrichment_jobs, shared by all organizations like an outside
 * vendor's cache): calls before its ready_at answer pending, later ones the synthesised person.
 */
export class SandboxEnrichment implements EnrichmentProvider {
  private readonly directory: Directory;
  private readonly orm: MikroORM;
  private readonly asyncDelayMs: number;

  constructor(deps: { directory: Directory; orm: MikroORM; asyncDelayMs: number }) {
    this.directory = deps.directory;
    this.orm = deps.orm;
    this.asyncDelayMs = deps.asyncDelayMs;
  }

  async enrich(input: EnrichmentInput): Promise<EnrichmentResult> {
    // Normalised again because an outside provider cannot trust its callers either.
    const email = input.email ? normalizeEmail(input.email) : null;
    const linkedinUrl = input.linkedin_url ? normalizeLinkedinUrl(input.linkedin_url) : null;
    const domain = input.company_domain ? normalizeDomain(input.company_domain) : null;
    if (email && emailDomain(email) === ASYNC_DOMAIN) return this.asyncJob(email);

    let person = email ? await this.directory.findPersonByEmail(email) : null;
    if (!person && linkedinUrl) person = await this.directory.findPersonByLinkedinUrl(linkedinUrl);
    if (!person && domain && input.first_name?.trim() && input.last_name?.trim()) {
      person = await this.directory.findPersonByName({
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        companyDomain: domain,
      });
    }
    return { status: 'completed', data: person ? fromDirectory(person) : null };
  }

  /**
   * Opens the job on first sight (INSERT ... ON CONFLICT, so concurrent first calls open one job)
   * and reads it back; database time decides readiness, so API replicas' clocks do not matter.
   */
  private async asyncJob(email: string): Promise<EnrichmentResult> {
    const em = this.orm.em.fork();
    const key = `email:${email}`;
    const db = typedKysely(em);
    const opened = await db
      .insertInto('sandbox_enrichment_jobs')
      .values((eb) => ({
        request_key: key,
        ready_at: sql<Date>`now() + (${this.asyncDelayMs} * interval '1 millisecond')`,
        result: asyncPerson(email),
        created_at: eb.fn<Date>('now'),
      }))
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returning('request_key')
      .execute();
    if (opened.length > 0) return { status: 'pending', provider: SANDBOX_ASYNC_PROVIDER };
    const job = await db
      .selectFrom('sandbox_enrichment_jobs')
      .select((eb) => [
        eb('ready_at', '<=', sql<Date>`now()`)
          .$castTo<boolean>()
          .as('ready'),
        'result',
      ])
      .where('request_key', '=', key)
      .executeTakeFirst();
    return job?.ready
      ? { status: 'completed', data: job.result }
      : { status: 'pending', provider: SANDBOX_ASYNC_PROVIDER };
  }
}
