// Threads of a run's emails. An EMAIL step with a subject starts a thread; a threaded step
// (`thread: true`) continues it: its subject is "Re: <the thread's first subject>", In-Reply-To the
// Message-ID of the run's previous email and References that email's References followed by its
// Message-ID (RFC 5322 3.6.4), so mail clients show one conversation and a reply to any email of it
// names ids the inbox sync matches (inbox-match.ts). When no earlier email of the run went out
// (skipped or refused), the threaded step starts the thread with the subject of the nearest earlier
// EMAIL step that has one.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TemplateStep } from '../../db/entities/sequence-template.entity.ts';
import { latestSentEmail } from './email-thread.queries.ts';

/** What a step's email carries for its thread. */
export interface EmailThread {
  /** The subject to render (a Liquid template) when nothing was sent before, or the sent subject to reply to. */
  subject: { template: string } | { reply: string };
  /** The thread's first subject, recorded with a threaded email so the next one finds it. */
  threadSubject: string | null;
  headers: Record<string, string>;
}

/** "Re: <subject>", once: a subject that already starts with a reply prefix keeps it. */
export function replySubject(subject: string): string {
  return /^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** The subject template of the nearest EMAIL step at or before `index` that starts a thread. */
export function startingSubject(steps: TemplateStep[], index: number): string {
  for (let i = index; i >= 0; i--) if (steps[i].type === 'EMAIL' && steps[i].subject) return steps[i].subject!;
  return '';
}

/** `subject`: the subject of the text the run sends at the step (its variant's, for a step with variants). */
export async function emailThread(
  em: EntityManager,
  sequenceId: string,
  steps: TemplateStep[],
  stepNumber: number,
  subject: string | null,
): Promise<EmailThread> {
  const step = steps[stepNumber - 1];
  if (!step.thread) return { subject: { template: subject ?? '' }, threadSubject: null, headers: {} };
  const previous = await latestSentEmail(em, sequenceId, stepNumber);
  if (!previous?.message_id) {
    return { subject: { template: startingSubject(steps, stepNumber - 1) }, threadSubject: null, headers: {} };
  }
  const first = previous.thread_subject ?? previous.subject ?? '';
  const references = [previous.headers?.References, previous.message_id].filter(Boolean).join(' ');
  return {
    subject: { reply: replySubject(first) },
    threadSubject: first,
    headers: { 'In-Reply-To': previous.message_id, References: references },
  };
}
