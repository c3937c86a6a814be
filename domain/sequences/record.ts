// The sequence record the API serves (snake_case), and its one mapper from a sequences row. Pure
// (no ORM), so the workflow's definitions, the activities and the API share one shape.
import { iso } from '../shared/time.ts';
import { SEQUENCE_STATUSES, type SequenceStatus } from './statuses.ts';

export interface SequenceRecord {
  id: string;
  contact_id: string;
  account_id: string | null;
  sequence_template_id: string;
  status: SequenceStatus;
  stopped_reason: string | null;
  paused_until: string | null;
  current_step: number;
  variables: Record<string, string | null>;
  source_contact_entry_id: string | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
  /** Why a run that ended with stopped_reason ERROR failed (a step no retry could fix), else null. */
  error: string | null;
  /** Whose mailbox sends the run's emails: given at enrollment (a template's pool member, else its sender) and kept for every step. */
  sender_user_id: string | null;
}

/** The sequences columns the record is made of (a select list or a RETURNING list). */
export const SEQUENCE_RECORD_COLUMNS = [
  'id',
  'contact_id',
  'account_id',
  'sequence_template_id',
  'status',
  'stopped_reason',
  'paused_until',
  'current_step',
  'variables',
  'source_contact_entry_id',
  'created_at',
  'updated_at',
  'ended_at',
  'error',
  'sender_id',
] as const;

/** The record's fields, in the columns' order (the column sender_id is the field sender_user_id). */
export const SEQUENCE_RECORD_FIELDS: (keyof SequenceRecord)[] = SEQUENCE_RECORD_COLUMNS.map((c) =>
  c === 'sender_id' ? 'sender_user_id' : c,
);

/** The columns the record is made of, as a sequences row holds them (timestamps as Date or text). */
export interface SequenceRecordRow {
  id: string;
  contact_id: string;
  account_id: string | null;
  sequence_template_id: string;
  status: string;
  stopped_reason: string | null;
  paused_until: Date | string | null;
  current_step: number;
  variables: Record<string, string | null> | null;
  source_contact_entry_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  ended_at: Date | string | null;
  error?: string | null;
  sender_id: string | null;
}

export function toSequenceRecord(row: SequenceRecordRow): SequenceRecord {
  return {
    id: row.id,
    contact_id: row.contact_id,
    account_id: row.account_id,
    sequence_template_id: row.sequence_template_id,
    status: sequenceStatus(row.status),
    stopped_reason: row.stopped_reason,
    paused_until: iso(row.paused_until),
    current_step: row.current_step,
    variables: row.variables ?? {},
    source_contact_entry_id: row.source_contact_entry_id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    ended_at: iso(row.ended_at),
    error: row.error ?? null,
    sender_user_id: row.sender_id,
  };
}

/** A status read from the database, checked against the column's values. */
export function sequenceStatus(value: string): SequenceStatus {
  const status = SEQUENCE_STATUSES.find((s) => s === value);
  if (!status) throw new Error(`unknown sequence status ${value}`);
  return status;
}
