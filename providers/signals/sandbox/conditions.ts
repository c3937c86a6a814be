// SQL conditions shared by the fact query and the people-at-a-company query: text matching,
// firmographic filters on company columns, persona filters on person columns. SQL fragments:
// they apply to whichever alias the calling query gives its tables, including computed ones.
import { sql, type RawBuilder } from 'kysely';

export function likeAny(values: string[]): string[] {
  return values.map((v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** A location pattern: `*` is any text; without one the value matches anywhere in the location. */
export function locationPatterns(values: string[]): string[] {
  return values.map((v) => {
    const escaped = v.replace(/[\\%_]/g, (c) => `\\${c}`);
    return escaped.includes('*') ? escaped.replace(/\*/g, '%') : `%${escaped}%`;
  });
}

export const lower = (values: string[]) => values.map((v) => v.toLowerCase());

/** Firmographic conditions on the query's company columns. */
export function firmographics(filters: Record<string, string[]>): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  const f = filters;
  if (f.company_type?.length) out.push(sql`g.company_type = any(${f.company_type}::text[])`);
  if (f.company_country_code_or?.length)
    out.push(sql`g.company_country_code = any(${f.company_country_code_or}::text[])`);
  if (f.industry_or?.length) out.push(sql`lower(g.industry) = any(${lower(f.industry_or)}::text[])`);
  if (f.industry_not?.length) out.push(sql`coalesce(lower(g.industry), '') <> all(${lower(f.industry_not)}::text[])`);
  if (f.company_size?.length) out.push(sql`g.size_band = any(${f.company_size}::text[])`);
  return out;
}

/** Persona conditions on the query's person columns. */
export function persona(filters: Record<string, string[]>, alias: string): RawBuilder<unknown>[] {
  const out: RawBuilder<unknown>[] = [];
  const a = sql.raw(alias);
  if (filters.job_title_or?.length) out.push(sql`${a}.job_title ilike any(${likeAny(filters.job_title_or)}::text[])`);
  if (filters.seniority_or?.length) out.push(sql`${a}.seniority = any(${filters.seniority_or}::text[])`);
  if (filters.person_country_code_or?.length)
    out.push(sql`${a}.country_code = any(${filters.person_country_code_or}::text[])`);
  return out;
}
