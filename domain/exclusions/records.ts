// The exclusion records the API serves, the inputs it takes, and their mappers from table rows.
import type { ExclusionReason } from '../../db/entities/contact-exclusion.entity.ts';
import type { Row } from '../../db/kysely.ts';
import { DomainError } from '../shared/errors.ts';
import { iso } from '../shared/time.ts';

export const EXCLUSION_MESSAGE_MAX = 2000;

export interface ContactExclusionRecord {
  id: string;
  email: string | null;
  linkedin_url: string | null;
  reason: ExclusionReason;
  message: string | null;
  until: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccountExclusionRecord {
  id: string;
  domain: string;
  reason: ExclusionReason;
  message: string | null;
  until: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactExclusionInput {
  email?: string | null;
  linkedin_url?: string | null;
  reason: ExclusionReason;
  message?: string | null;
  /** ISO date-time; a past value is accepted and simply not in force. */
  until?: string | null;
}

export interface AccountExclusionInput {
  domain: string;
  reason: ExclusionReason;
  message?: string | null;
  until?: string | null;
}

export interface ExclusionPatch {
  reason?: ExclusionReason;
  message?: string | null;
  /** null: permanent from now on; omitted: unchanged. */
  until?: string | null;
}

export type ContactExclusionRow = Row<'contact_exclusions'>;
export type AccountExclusionRow = Row<'account_exclusions'>;

export function contactRecord(row: ContactExclusionRow): ContactExclusionRecord {
  return {
    id: row.id,
    email: row.email,
    linkedin_url: row.linkedin_url,
    reason: row.reason,
    message: row.message,
    until: iso(row.until),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function accountRecord(row: AccountExclusionRow): AccountExclusionRecord {
  return {
    id: row.id,
    domain: row.domain,
    reason: row.reason,
    message: row.message,
    until: iso(row.until),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The columns a PATCH sets: only the fields sent, plus updated_at. */
export function patchColumns(
  patch: ExclusionPatch,
  now: Date,
): { updated_at: Date; reason?: ExclusionReason; message?: string | null; until?: Date | null } {
  return {
    updated_at: now,
    ...(patch.reason !== undefined ? { reason: patch.reason } : {}),
    ...(patch.message !== undefined ? { message: patch.message } : {}),
    ...(patch.until !== undefined ? { until: patch.until === null ? null : new Date(patch.until) } : {}),
  };
}

export function duplicate(existing: { id: string; field: string }): DomainError {
  return DomainError.conflict(`An exclusion for this ${existing.field} already exists.`, {
    existing_exclusion_id: existing.id,
    field: existing.field,
  });
}
