// The sandbox Directory: answers from the generated tables that load.ts fills, one indexed query
// per lookup (one per batch of domains). Stateless but for a cache of company answers, so any
// number of API and worker processes can share one database.
import { sql, type Kysely } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { MikroORM } from '@mikro-orm/postgresql';
import { typedKysely, type DB, type Row } from '../../db/kysely.ts';
import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../../domain/people/identifiers.ts';
import type { Directory, DirectoryCompany, DirectoryPerson } from './index.ts';

const COMPANY_COLUMNS = [
  'c.id',
  'c.name',
  'c.domain',
  'c.industry',
  'c.size_band',
  'c.employee_count',
  'c.country_code',
  'c.company_type',
  'c.technologies',
] as const;
type CompanyRow = Pick<
  Row<'directory_companies'>,
  | 'id'
  | 'name'
  | 'domain'
  | 'industry'
  | 'size_band'
  | 'employee_count'
  | 'country_code'
  | 'company_type'
  | 'technologies'
> & { alias_domains: string[] };
type PersonRow = Pick<
  Row<'directory_people'>,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'linkedin_url'
  | 'job_title'
  | 'seniority'
  | 'phone'
  | 'country_code'
  | 'job_history'
> & { company: CompanyRow | null };

/**
 * A company's alias domains in code-point order, as the generator sorts them. SQL: an array()
 * constructor over a subquery ordered with COLLATE "C", which the builder has no words for.
 */
const aliasDomains = sql<
  string[]
>`array(select a."domain" from "directory_company_domains" a where a."company_id" = c."id" and not a."is_primary" order by a."domain" collate "C")`;

/** The company with its aliases, as columns for company lookups. */
function companies(db: Kysely<DB>) {
  return db.selectFrom('directory_companies as c').select([...COMPANY_COLUMNS, aliasDomains.as('alias_domains')]);
}

/** People with their company as one JSON object. */
function people(db: Kysely<DB>) {
  return db.selectFrom('directory_people as p').select((eb) => [
    'p.id',
    'p.first_name',
    'p.last_name',
    'p.email',
    'p.linkedin_url',
    'p.job_title',
    'p.seniority',
    'p.phone',
    'p.country_code',
    'p.job_history',
    jsonObjectFrom(companies(db).whereRef('c.id', '=', eb.ref('p.company_id')))
      .$castTo<CompanyRow | null>()
      .as('company'),
  ]);
}

function toCompany(row: CompanyRow): DirectoryCompany {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    aliasDomains: row.alias_domains,
    industry: row.industry,
    sizeBand: row.size_band,
    employeeCount: row.employee_count,
    countryCode: row.country_code,
    companyType: row.company_type,
    technologies: row.technologies,
  };
}

function toPerson(row: PersonRow): DirectoryPerson {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    linkedinUrl: row.linkedin_url,
    jobTitle: row.job_title,
    seniority: row.seniority,
    phone: row.phone,
    countryCode: row.country_code,
    company: row.company ? toCompany(row.company) : null,
    jobHistory: row.job_history,
  };
}

/**
 * Company lookups run on every contact upsert that names a domain, and the directory changes only
 * when a new seed is loaded at start-up, so answers (misses included) are kept for a while.
 */
const COMPANY_CACHE_MAX = 50_000;
const COMPANY_CACHE_TTL_MS = 10 * 60_000;

export class SandboxDirectory implements Directory {
  private readonly orm: MikroORM;
  private readonly companies = new Map<string, { company: DirectoryCompany | null; at: number }>();

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  private db(): Kysely<DB> {
    return typedKysely(this.orm.em.fork());
  }

  async findCompanyByDomain(domain: string): Promise<DirectoryCompany | null> {
    const normalized = normalizeDomain(domain);
    return normalized ? ((await this.findCompaniesByDomains([normalized])).get(normalized) ?? null) : null;
  }

  async findCompaniesByDomains(domains: string[]): Promise<Map<string, DirectoryCompany | null>> {
    const found = new Map<string, DirectoryCompany | null>();
    const missing: string[] = [];
    for (const domain of new Set(domains.map((d) => normalizeDomain(d)).filter((d): d is string => !!d))) {
      const cached = this.companies.get(domain);
      if (cached && Date.now() - cached.at < COMPANY_CACHE_TTL_MS) found.set(domain, cached.company);
      else missing.push(domain);
    }
    if (!missing.length) return found;
    const rows = await companies(this.db())
      .innerJoin('directory_company_domains as d', 'd.company_id', 'c.id')
      .select('d.domain as asked')
      .where((eb) => eb('d.domain', '=', eb.fn.any(eb.val(missing))))
      .execute();
    const byDomain = new Map(rows.map((row) => [row.asked, toCompany(row)]));
    if (this.companies.size + missing.length > COMPANY_CACHE_MAX) this.companies.clear();
    for (const domain of missing) {
      const company = byDomain.get(domain) ?? null;
      this.companies.set(domain, { company, at: Date.now() });
      found.set(domain, company);
    }
    return found;
  }

  async findPersonByEmail(email: string): Promise<DirectoryPerson | null> {
    const normalized = normalizeEmail(email);
    if (!normalized) return null;
    const row = await people(this.db()).where('p.email', '=', normalized).executeTakeFirst();
    return row ? toPerson(row) : null;
  }

  async findPersonByLinkedinUrl(linkedinUrl: string): Promise<DirectoryPerson | null> {
    const normalized = normalizeLinkedinUrl(linkedinUrl);
    if (!normalized) return null;
    const row = await people(this.db()).where('p.linkedin_url', '=', normalized).executeTakeFirst();
    return row ? toPerson(row) : null;
  }

  async findPersonByName(input: {
    firstName: string;
    lastName: string;
    companyDomain: string;
  }): Promise<DirectoryPerson | null> {
    const domain = normalizeDomain(input.companyDomain);
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (!domain || !firstName || !lastName) return null;
    // Two rows are enough to tell "exactly one" from "ambiguous".
    const rows = await people(this.db())
      .where((eb) => eb(eb.fn('lower', ['p.first_name']), '=', eb.fn('lower', [eb.val(firstName)])))
      .where((eb) => eb(eb.fn('lower', ['p.last_name']), '=', eb.fn('lower', [eb.val(lastName)])))
      .where('p.company_id', '=', (eb) =>
        eb.selectFrom('directory_company_domains as d').select('d.company_id').where('d.domain', '=', domain),
      )
      .limit(2)
      .execute();
    return rows.length === 1 ? toPerson(rows[0]) : null;
  }
}
