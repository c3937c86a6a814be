// The sandbox Directory: answers from the generated tables that load.ts fills, one indexed query
// per lookup (one per batch of domains). Stateless but for a cache of company answers, so any
// number of API and worker processes can share one database.
import { sql } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../../domain/people/identifiers.ts';
import type { Directory, DirectoryCompany, DirectoryJob, DirectoryPerson } from './index.ts';

interface CompanyRow {
  id: string;
  name: string;
  domain: string;
  alias_domains: string[];
  industry: string;
  size_band: string;
  employee_count: number;
  country_code: string;
  company_type: string;
  technologies: string[];
}

interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  linkedin_url: string | null;
  job_title: string;
  seniority: string;
  phone: string | null;
  country_code: string;
  job_history: DirectoryJob[];
  company: CompanyRow | null;
}

// The company with its aliases (in code-point order, as the generator sorts them), as columns for
// company lookups or as one JSON object for person lookups.
const COMPANY_COLUMNS = `c."id", c."name", c."domain", c."industry", c."size_band", c."employee_count", c."country_code", c."company_type", c."technologies",
  array(select a."domain" from "directory_company_domains" a where a."company_id" = c."id" and not a."is_primary" order by a."domain" collate "C") as "alias_domains"`;
const PERSON_QUERY = `select p."id", p."first_name", p."last_name", p."email", p."linkedin_url", p."job_title", p."seniority", p."phone", p."country_code", p."job_history",
  (select to_json(x) from (select ${COMPANY_COLUMNS} from "directory_companies" c where c."id" = p."company_id") x) as "company"
  from "directory_people" p`;

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

  private async rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.orm.em.fork().execute<T[]>(sql, params);
  }

  async findCompanyByDomain(domain: string): Promise<DirectoryCompany | null> {
    const normalized = normalizeDomain(domain);
    return normalized ? (await this.findCompaniesByDomains([normalized])).get(normalized) ?? null : null;
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
    // Kysely's sql, not rows(): MikroORM's execute expands an array parameter into a list.
    const { rows } = await sql<CompanyRow & { asked: string }>`
      select d."domain" as asked, ${sql.raw(COMPANY_COLUMNS)} from "directory_company_domains" d join "directory_companies" c on c."id" = d."company_id"
       where d."domain" = any(${missing}::text[])`.execute(this.orm.em.fork().getKysely());
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
    const [row] = await this.rows<PersonRow>(`${PERSON_QUERY} where p."email" = ?`, [normalized]);
    return row ? toPerson(row) : null;
  }

  async findPersonByLinkedinUrl(linkedinUrl: string): Promise<DirectoryPerson | null> {
    const normalized = normalizeLinkedinUrl(linkedinUrl);
    if (!normalized) return null;
    const [row] = await this.rows<PersonRow>(`${PERSON_QUERY} where p."linkedin_url" = ?`, [normalized]);
    return row ? toPerson(row) : null;
  }

  async findPersonByName(input: { firstName: string; lastName: string; companyDomain: string }): Promise<DirectoryPerson | null> {
    const domain = normalizeDomain(input.companyDomain);
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (!domain || !firstName || !lastName) return null;
    // Two rows are enough to tell "exactly one" from "ambiguous".
    const rows = await this.rows<PersonRow>(
      `${PERSON_QUERY} where lower(p."first_name") = lower(?) and lower(p."last_name") = lower(?)
        and p."company_id" = (select d."company_id" from "directory_company_domains" d where d."domain" = ?) limit 2`,
      [firstName, lastName, domain],
    );
    return rows.length === 1 ? toPerson(rows[0]) : null;
  }
}
