// Listing exclusions: the filters both kinds share and the page asked for.
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
