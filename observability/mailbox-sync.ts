// The inbox sync's metrics, on the mailbox worker's endpoint: per mailbox that is not DISCONNECTED,
// read from its row at each scrape (so a mailbox whose sync runs nowhere, or waits after failures,
// still shows, its lag growing), how long since its inbox was last read to the end, the messages
// waiting above its cursor, and whether its sync is blind; and this process's fetch budget. The
// `mailbox_id` label makes one series per connected mailbox and gauge: bounded by the mailboxes, the
// figure an operator needs to find the one that is behind. Every mailbox worker replica reads the
// same rows: aggregate with max by (mailbox_id).
import type { MikroORM } from '@mikro-orm/postgresql';
import { Counter, Gauge, type Registry } from 'prom-client';
import { oncePerRegistry } from './metrics.ts';
import { typedKysely } from '../db/kysely.ts';
import type { ByteBudget } from '../providers/mail/fetch-budget.ts';

export interface MailboxSyncRow {
  id: string;
  status: string;
  last_error: string | null;
  sync_error: string | null;
  inbox_waiting: number | null;
  last_synced_at: Date | string | null;
  created_at: Date | string;
}

export interface MailboxSyncFigures {
  mailboxId: string;
  lagSeconds: number;
  waiting: number | null;
  blind: boolean;
}

/** A row's figures at `now`: lag since the inbox was last read to the end (since the connection, before the first time). */
export function mailboxSyncFigures(row: MailboxSyncRow, now: number): MailboxSyncFigures {
  const since = new Date(row.last_synced_at ?? row.created_at).getTime();
  const imapRefused = row.status !== 'CONNECTED' && (row.last_error ?? '').startsWith('IMAP: ');
  return {
    mailboxId: row.id,
    lagSeconds: Math.max(0, Math.round((now - since) / 1000)),
    waiting: row.inbox_waiting,
    blind: row.sync_error !== null || imapRefused,
  };
}

export function registerMailboxSyncMetrics(registry: Registry, deps: { orm: MikroORM; budget?: ByteBudget }): void {
  const read = async () => {
    const rows = await typedKysely(deps.orm.em.fork())
      .selectFrom('mailboxes')
      .select(['id', 'status', 'last_error', 'sync_error', 'inbox_waiting', 'last_synced_at', 'created_at'])
      .where('status', '<>', 'DISCONNECTED')
      .execute();
    const now = Date.now();
    return rows.map((row) => mailboxSyncFigures(row, now));
  };
  // One read serves the three gauges of a scrape.
  let pending: Promise<MailboxSyncFigures[]> | null = null;
  const figures = () => {
    pending ??= read().finally(() =>
      setTimeout(() => {
        pending = null;
      }, 1000).unref(),
    );
    return pending;
  };
  new Gauge({
    name: 'mailbox_sync_lag_seconds',
    help: "Seconds since the mailbox's inbox was last read to its end (since it was connected, before the first time), per mailbox not DISCONNECTED.",
    labelNames: ['mailbox_id'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await figures()) this.set({ mailbox_id: f.mailboxId }, f.lagSeconds);
    },
  });
  new Gauge({
    name: 'mailbox_sync_waiting_messages',
    help: "Messages above the mailbox's cursor when its sync last looked (0: read to the end).",
    labelNames: ['mailbox_id'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await figures()) if (f.waiting !== null) this.set({ mailbox_id: f.mailboxId }, f.waiting);
    },
  });
  new Gauge({
    name: 'mailbox_sync_blind',
    help: "1 when the mailbox's sync cannot read its inbox (server unreachable, login refused, cursor still while mail waits), else 0.",
    labelNames: ['mailbox_id'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await figures()) this.set({ mailbox_id: f.mailboxId }, f.blind ? 1 : 0);
    },
  });
  const budget = deps.budget;
  if (!budget) return;
  new Gauge({
    name: 'mailbox_fetch_budget_bytes',
    help: 'Bytes of inbox messages this worker may hold at once (MAILBOX_FETCH_BUDGET_BYTES), by state: in_use, capacity.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, budget.inUse);
      this.set({ state: 'capacity' }, budget.capacity);
    },
  });
  new Gauge({
    name: 'mailbox_fetch_batches_waiting',
    help: 'Inbox batches waiting for their bytes of the fetch budget.',
    registers: [registry],
    collect() {
      this.set(budget.queued);
    },
  });
}

/** Inbox messages recorded by this process's syncs, by kind (UNREADABLE: passed without being read), made once per registry. */
export const inboxMessagesCounter = oncePerRegistry(
  (registry): Counter<'kind'> =>
    new Counter({
      name: 'mailbox_inbox_messages_total',
      help: 'Inbox messages the syncs of this process recorded, by kind (REPLY, BOUNCE, AUTO_REPLY, IGNORED, UNREADABLE: could not be parsed or stored, recorded and passed).',
      labelNames: ['kind'],
      registers: [registry],
    }),
);
