// The emails a run has sent, as the ledger of outside effects holds them (outbound_effects): their
// Message-ID, subject and thread headers, read when a later step continues the thread.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';

/** An email of a run that went out (or may have: UNCONFIRMED), as recorded. */
export interface SentRunEmail {
  message_id: string | null;
  subject: string | null;
  /** The first subject of the thread this email belongs to (recorded on threaded emails). */
  thread_subject: string | null;
  /** The headers it carried (References among them). */
  headers: Record<string, string> | null;
}

/** The latest email of the run that went out before step `beforeStep`, or undefined. */
export function latestSentEmail(
  em: EntityManager,
  sequenceId: string,
  beforeStep: number,
): Promise<SentRunEmail | undefined> {
  return typedKysely(em)
    .selectFrom('outbound_effects')
    .select((eb) => [
      eb.ref('request', '->>').key('messageId').as('message_id'),
      eb.ref('request', '->>').key('subject').as('subject'),
      eb.ref('request', '->>').key('threadSubject').as('thread_subject'),
      eb.ref('request', '->').key('headers').as('headers'),
    ])
    .where('sequence_id', '=', sequenceId)
    .where('kind', '=', 'EMAIL')
    .where('state', 'in', ['DONE', 'UNCONFIRMED'])
    .where('key', 'in', stepKeysBefore(sequenceId, beforeStep))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst() as Promise<SentRunEmail | undefined>;
}

/** The effect keys of the run's steps before `beforeStep` (`sequence-step/<id>/<n>`). */
function stepKeysBefore(sequenceId: string, beforeStep: number): string[] {
  return Array.from({ length: Math.max(beforeStep - 1, 0) }, (_, i) => `sequence-step/${sequenceId}/${i + 1}`);
}
