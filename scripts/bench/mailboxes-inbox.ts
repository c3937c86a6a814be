// What the mailboxes benchmark reads back of the syncs' work (mailboxes.bench.ts): the replies
// recorded (their INBOUND message, by token), the inbox rows by kind, and where each reply's time
// went (arrival, the sync's recording, message.replied; behind a hostile message or not).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/kysely.ts';
import type { LatencySplit } from './mailboxes-report.ts';

export function inboxReads(db: () => Kysely<DB>, organizationId: string, count: number) {
  /** Replies recorded (their INBOUND message, written with message.replied), by token. */
  const recorded = async (prefix: string) => {
    const rows = await db()
      .selectFrom('messages')
      .select(['body', 'created_at'])
      .where('organization_id', '=', organizationId)
      .where('direction', '=', 'INBOUND')
      .where('body', 'like', `Who is this? token ${prefix}%`)
      .execute();
    const byToken = new Map<string, number[]>();
    for (const row of rows) {
      const token = /token (\S+)/.exec(row.body)?.[1] ?? '';
      byToken.set(token, [...(byToken.get(token) ?? []), new Date(row.created_at).getTime()]);
    }
    return byToken;
  };
  /** Inbox rows the syncs recorded since `since`, by kind. */
  const inboxKinds = async (since: Date) => {
    const rows = await db()
      .selectFrom('mailbox_inbox_messages')
      .select((eb) => ['kind', eb.fn.countAll<string>().as('n')])
      .where('organization_id', '=', organizationId)
      .where('created_at', '>=', since)
      .groupBy('kind')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  };

  /**
   * Where the replies' time went: arrival -> the sync began recording it (its inbox row's created_at)
   * -> message.replied; and the latency of replies that arrived within 5 s after a hostile message
   * to their mailbox (behind it in the same sync) against the others.
   */
  const splitLatencies = async (
    sentAt: Map<string, number>,
    got: Map<string, number[]>,
    hostileAt: { mailbox: number; name: string; at: number }[],
  ): Promise<LatencySplit> => {
    const tokens = [...sentAt.keys()].filter((t) => got.has(t));
    const rows = tokens.length
      ? await db()
          .selectFrom('mailbox_inbox_messages')
          .select(['rfc_message_id', 'created_at'])
          .where('organization_id', '=', organizationId)
          .where(
            'rfc_message_id',
            'in',
            tokens.map((t) => `${t}@prospect.test`),
          )
          .execute()
      : [];
    const recordingAt = new Map(
      rows.map((r) => [r.rfc_message_id!.replace(/@prospect\.test$/, ''), new Date(r.created_at).getTime()]),
    );
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    const [toRecording, recordingToReplied, near, others] = [[], [], [], []] as number[][];
    const byCase: Record<string, number[]> = {};
    for (const token of tokens) {
      const at = sentAt.get(token)!;
      const latency = Math.max(0, got.get(token)![0] - at);
      const recording = recordingAt.get(token);
      if (recording !== undefined) {
        toRecording.push(Math.max(0, recording - at));
        recordingToReplied.push(Math.max(0, got.get(token)![0] - recording));
      }
      const mailbox = Number(token.split('-').at(-1)) % count;
      const behind = hostileAt.filter((h) => h.mailbox === mailbox && h.at <= at && at - h.at <= 5000).at(-1);
      (behind ? near : others).push(latency);
      if (behind) (byCase[behind.name] ??= []).push(latency);
    }
    for (const values of Object.values(byCase)) sorted(values);
    return {
      toRecording: sorted(toRecording),
      recordingToReplied: sorted(recordingToReplied),
      nearHostile: sorted(near),
      others: sorted(others),
      byCase,
    };
  };
  return { recorded, inboxKinds, splitLatencies };
}
