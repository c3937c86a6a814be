// Listing exclusions: the filters both kinds share, and one page with its total.
import type { ExclusionReason } from '../../db/entities/contact-exclusion.entity.ts';

export interface CommonFilters {
  reason?: ExclusionReason;
  created_at_after?: string;
  created_at_before?: string;
}

export interface ContactExclusionFilters extends CommonFilters {
  email?: string;
  linkedin_url?: string;
}

export interface AccountExclusionFilters extends CommonFilters {
  domain?: string;
}

export interface ListPage<S extends string> {
  limit: number;
  offset: number;
  sortBy?: S;
  sortOrder: 'asc' | 'desc';
}

/**
 * The total of a page read with a window count (`count(*) OVER ()` on each row); a page past the
 * end has no rows to carry it, so only then is it counted on its own.
 */
export async function pageTotal(rows: { total: string | number | bigint }[], offset: number, count: () => Promise<string | number | bigint>): Promise<number> {
  if (rows.length) return Number(rows[0].total);
  return offset > 0 ? Number(await count()) : 0;
}
