// An erasure job as the API shows it (docs/api/people.md): its state and, once done, how many rows
// of each table it erased or redacted. Never the person's identifiers.
import type { ErasureJobStatus } from '../../db/entities/erasure-job.entity.ts';
import { iso } from '../shared/time.ts';

export interface ErasureJobRecord {
  id: string;
  contact_id: string | null;
  status: ErasureJobStatus;
  /** Rows erased or redacted per table (SUCCEEDED only). */
  erased: Record<string, number> | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export function toErasureJobRecord(row: {
  id: string;
  contact_id: string | null;
  status: ErasureJobStatus;
  erased: Record<string, number> | null;
  error: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}): ErasureJobRecord {
  return {
    id: row.id,
    contact_id: row.contact_id,
    status: row.status,
    erased: row.erased,
    error: row.error,
    created_at: iso(row.created_at),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}
