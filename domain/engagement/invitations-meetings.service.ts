// The engagement a contact shows beyond one message's answer: accepting the run's LinkedIn invitation
// (invitation.accepted, scored once) and booking a meeting (which ends every running run of the
// contact). Both are named by the contact, not by a message.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RUNNING_STATUSES, isRunningStatus } from '../sequences/statuses.ts';
import { DomainError } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import { DAY_MS, HOUR_MS } from '../shared/time.ts';
import { deliverRunsChanged } from '../workflow-commands/deliver.ts';
import { endRuns, lockRun, sequenceEvent } from '../sequences/runs.ts';
import { recorded, type EngagementDeps } from './engagement.service.ts';
import { ENGAGEMENT_POINTS, lockMessage, resultOf, score, type EngagementResult } from './engagement-steps.ts';
import {
  contactRunsForMeeting,
  insertMeeting,
  isOrganizationContact,
  latestInvitation,
  markAccepted,
} from './engagement.queries.ts';

/** The contact accepted the run's LinkedIn invitation (their latest one): invitation.accepted, once. */
export async function recordInvitationAccepted(
  deps: EngagementDeps,
  organizationId: string,
  contactId: string,
  at = new Date(),
): Promise<EngagementResult> {
  return recorded(deps, organizationId, async (tx) => {
    await requireContact(tx, organizationId, contactId);
    const latest = await latestInvitation(tx, organizationId, contactId);
    if (!latest)
      throw DomainError.business('No LinkedIn invitation was sent to this contact.', { contact_id: contactId });
    const invitation = await lockMessage(tx, organizationId, latest.id);
    let run = invitation.sequence_id ? await lockRun(tx, invitation.sequence_id) : null;
    if (invitation.accepted_at === null) {
      await markAccepted(tx, invitation.id, at);
      if (run) {
        await emitEvent(
          tx,
          sequenceEvent(run, 'invitation.accepted', {
            resourceType: 'INVITATION',
            channel: 'LINKEDIN',
            messageId: invitation.id,
            fields: { step_number: invitation.step_number },
          }),
        );
        run = await score(tx, run, ENGAGEMENT_POINTS.invitationAccepted, 'LINKEDIN');
      }
    }
    return resultOf(tx, organizationId, invitation.id, run);
  });
}

async function requireContact(tx: EntityManager, organizationId: string, contactId: string): Promise<void> {
  if (!(await isOrganizationContact(tx, organizationId, contactId))) throw DomainError.notFound('Contact');
}

export interface MeetingInput {
  title?: string;
  start_time?: string;
  end_time?: string;
  timezone?: string;
}

export interface MeetingRecord {
  id: string;
  contact_id: string;
  sequence_id: string | null;
  title: string;
  start_time: string;
  end_time: string;
  timezone: string;
  created_at: string;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A meeting was booked with the contact: the meeting row, meeting.created on the contact's latest
 * running run (else latest run; no event without any run), and every running run of the contact
 * ends SUCCEEDED with stopped_reason MEETING_BOOKED.
 */
export async function recordMeeting(
  deps: EngagementDeps,
  organizationId: string,
  contactId: string,
  input: MeetingInput,
  at = new Date(),
): Promise<{ meeting: MeetingRecord; stopped_sequence_ids: string[] }> {
  const timezone = input.timezone ?? 'UTC';
  if (!isTimeZone(timezone))
    throw DomainError.invalid('timezone', 'must be an IANA time zone name (e.g. Europe/Paris)', 422);
  const start = input.start_time
    ? new Date(input.start_time)
    : new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS + DAY_MS);
  const endTime = input.end_time ? new Date(input.end_time) : new Date(start.getTime() + 30 * 60_000);
  if (endTime.getTime() <= start.getTime()) throw DomainError.invalid('end_time', 'must be after start_time', 422);
  // endRuns records the RUN_CHANGED commands of the runs it ends; they are delivered after the commit.
  const booked = await recorded(deps, organizationId, async (tx) => {
    await requireContact(tx, organizationId, contactId);
    // Running runs first, then the newest.
    const rows = await contactRunsForMeeting(tx, organizationId, contactId, RUNNING_STATUSES);
    const anchor = rows[0] ? await lockRun(tx, rows[0].id) : null;
    const name = anchor ? [anchor.first_name, anchor.last_name].filter(Boolean).join(' ') || anchor.email : null;
    const meeting: MeetingRecord = {
      id: randomUUID(),
      contact_id: contactId,
      sequence_id: anchor?.id ?? null,
      title: input.title ?? `Meeting with ${name ?? 'contact'}`,
      start_time: start.toISOString(),
      end_time: endTime.toISOString(),
      timezone,
      created_at: at.toISOString(),
    };
    await insertMeeting(tx, {
      id: meeting.id,
      organization_id: organizationId,
      contact_id: contactId,
      sequence_id: meeting.sequence_id,
      title: meeting.title,
      start_time: start,
      end_time: endTime,
      timezone,
      created_at: at,
    });
    if (anchor) {
      await emitEvent(
        tx,
        sequenceEvent(anchor, 'meeting.created', {
          resourceType: 'MEETING',
          channel: 'MANUAL',
          calendarEventId: meeting.id,
          embeds: {
            meeting: {
              id: meeting.id,
              title: meeting.title,
              start_time: meeting.start_time,
              end_time: meeting.end_time,
              timezone,
            },
          },
        }),
      );
    }
    const stopped = await endRuns(
      tx,
      rows.filter((r) => isRunningStatus(r.status)).map((r) => r.id),
      'SUCCEEDED',
      'MEETING_BOOKED',
    );
    return { meeting, stopped_sequence_ids: stopped };
  });
  await deliverRunsChanged(deps.em, deps, booked.stopped_sequence_ids);
  return booked;
}
