// A playbook and a playbook run as the API answers them, made from the rows playbooks.queries.ts reads.
import type { PlaybookAction, PlaybookStatus } from '../../db/entities/playbook.entity.ts';
import type { PlaybookRunOutcome, PlaybookRunStatus } from '../../db/entities/playbook-run.entity.ts';
import { iso } from '../shared/time.ts';
import type { PlaybookRow, RunRow } from './playbooks.queries.ts';

export interface PlaybookRecord {
  id: string;
  name: string;
  event_name: string;
  action: PlaybookAction;
  requires_approval: boolean;
  status: PlaybookStatus;
  owner_user_id: string | null;
  created_at: string;
  updated_at: string;
}

export function toPlaybook(r: PlaybookRow): PlaybookRecord {
  return {
    id: r.id,
    name: r.name,
    event_name: r.event_name,
    action: r.action,
    requires_approval: r.requires_approval,
    status: r.status,
    owner_user_id: r.owner_user_id,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}

export interface PlaybookRunRecord {
  id: string;
  playbook_id: string;
  event_id: string;
  contact_id: string;
  status: PlaybookRunStatus;
  action: PlaybookAction;
  approval_task_id: string | null;
  outcome: PlaybookRunOutcome | null;
  sequence_id: string | null;
  created_task_id: string | null;
  error: string | null;
  decided_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export function toRun(r: RunRow): PlaybookRunRecord {
  return {
    ...r,
    decided_at: iso(r.decided_at),
    completed_at: iso(r.completed_at),
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  };
}
