// What the counters' triggers cost the writes they ride in: the transaction that records a step's
// email (the run locked, its message inserted, the run moved on, as the send step writes them), and
// the first open and a person's click of it (the engagement services), each with the service's
// triggers, with the previous ones (Migration20261130130000_sequence_stats's, installed beside them:
// stats-trigger-sets.ts) and with none, in rounds that rotate the three on the bench's own database.
// CPU of this process and of PostgreSQL per write (Linux /proc), medians of the rounds. The
// recording transaction is a part of a send (the workflow, Temporal and the provider cost more), so
// the share against it is an upper bound.
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { recordClick, recordOpen } from '../../domain/engagement/opens-clicks.service.ts';
import { lockRun, update } from '../../domain/sequences/runs.ts';
import { insertStepMessage } from '../../domain/sequences/step-writes.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';
import { backendsCpuMs, cpuMs, postmasterPid } from './cpu-time.ts';
import { insertFreshRuns } from './fixtures.ts';
import { median } from './harness.ts';
import { TRIGGER_SETS, useTriggerSet, type TriggerSet } from './stats-trigger-sets.ts';

export interface WriteCostSettings {
  organizationId: string;
  templateId: string;
  senderId: string;
  databaseUrl: string;
  /** Writes of each kind per round and mode. */
  writes: number;
  rounds: number;
}

const KINDS = ['send', 'open', 'click'] as const;
type Kind = (typeof KINDS)[number];
/** µs of CPU per write: this process (the service's code), PostgreSQL, and of that its client backends alone. */
interface Cpu {
  node: number;
  postgres: number;
  backends: number;
}
type Costs = Record<Kind, Cpu[]>;

/** µs of CPU of this process and of PostgreSQL per call of `work` over `items`, one after another. */
async function cpuPer<T>(postgres: number, items: T[], work: (item: T) => Promise<unknown>): Promise<Cpu> {
  const [node0, pg0, backends0] = [process.cpuUsage(), cpuMs(postgres), backendsCpuMs(postgres)];
  for (const item of items) await work(item);
  const node = process.cpuUsage(node0);
  const per = 1000 / items.length;
  return {
    node: ((node.user + node.system) / 1000) * per,
    postgres: (cpuMs(postgres) - pg0) * per,
    backends: (backendsCpuMs(postgres) - backends0) * per,
  };
}

const total = (c: Cpu) => c.node + c.postgres;

/** One round in one mode: fresh runs (not measured), then their step-1 emails, first opens and clicks, measured. */
async function round(orm: MikroORM, s: WriteCostSettings, postgres: number, costs: Costs): Promise<void> {
  const runs = await insertFreshRuns(orm, s, s.writes, 'stats-writes.test');
  const sent = runs.map((r, i) => ({ run: r.id, message: randomUUID(), variant: 1 + (i % 3) }));
  const at = Date.now();
  costs.send.push(
    await cpuPer(postgres, sent, ({ run, message, variant }) =>
      orm.em.fork().transactional(async (tx) => {
        const row = await lockRun(tx, run);
        await insertStepMessage(tx, row, {
          id: message,
          channel: 'EMAIL',
          kind: 'MESSAGE',
          subject: 'Hello',
          body: 'Hi Ada',
          step_number: 1,
          provider_message_id: null,
          sent_at: new Date(at),
          sender_id: s.senderId,
          variant,
        });
        await update(tx, row, { current_step: 1 });
      }),
    ),
  );
  // Never dialled: an open or a click of a run's email changes nothing a workflow waits for.
  const connection = Connection.lazy({ address: '127.0.0.1:1', connectTimeout: 200 });
  const deps = { em: orm.em, workflows: createWorkflowClients(new Client({ connection }), 'bench') };
  costs.open.push(
    await cpuPer(postgres, sent, ({ message }) =>
      recordOpen(deps, s.organizationId, message, new Date(at + 3_600_000)),
    ),
  );
  costs.click.push(
    await cpuPer(postgres, sent, ({ message }) =>
      recordClick(deps, s.organizationId, message, 'https://example.com/', new Date(at + 7_200_000)),
    ),
  );
  await connection.close().catch(() => undefined);
}

const blank = (): Costs => ({ send: [], open: [], click: [] });

/** Prints, per kind, the medians of µs per write with each trigger set and the share the triggers add. */
export async function benchWriteCost(orm: MikroORM, s: WriteCostSettings): Promise<void> {
  const postgres = postmasterPid(Number(new URL(s.databaseUrl).port));
  const costs = { current: blank(), previous: blank(), off: blank() } as Record<TriggerSet, Costs>;
  try {
    // A warm-up round of each set first, not counted: the first writes pay for cold caches (the
    // process's compiled code, PostgreSQL's plans), which would land on whichever set ran first.
    for (const set of TRIGGER_SETS) {
      await useTriggerSet(orm.em.fork(), set);
      await round(orm, { ...s, writes: Math.min(s.writes, 100) }, postgres, blank());
    }
    for (let r = 1; r <= s.rounds; r++) {
      // The sets' order rotates, so none always runs first or on a warmer cache.
      for (const set of TRIGGER_SETS.map((_, i) => TRIGGER_SETS[(i + r) % TRIGGER_SETS.length])) {
        await useTriggerSet(orm.em.fork(), set);
        await round(orm, s, postgres, costs[set]);
        const last = (k: Kind) => costs[set][k].at(-1)!;
        console.log(
          `  round ${r} triggers ${set.padEnd(8)}: µs CPU per write (process + PostgreSQL; its backends) ` +
            KINDS.map(
              (k) => `${k} ${last(k).node.toFixed(0)} + ${last(k).postgres.toFixed(0)}; ${last(k).backends.toFixed(0)}`,
            ).join(', '),
        );
      }
    }
  } finally {
    await useTriggerSet(orm.em.fork(), 'current');
  }
  for (const kind of KINDS) {
    const of = (set: TriggerSet, part: (c: Cpu) => number = total) => median(costs[set][kind].map(part));
    const backends = (c: Cpu) => c.backends;
    const added = (set: TriggerSet, part: (c: Cpu) => number) => {
      const [with_, without] = [of(set, part), of('off', part)];
      const sign = with_ >= without ? '+' : '';
      return `${sign}${(with_ - without).toFixed(0)} µs (${sign}${(((with_ - without) / without) * 100).toFixed(1)}%)`;
    };
    console.log(
      `${kind} (medians of ${s.rounds} rounds × ${s.writes}), µs CPU per write, process + PostgreSQL / the backends alone: ` +
        TRIGGER_SETS.map((set) => `${set} ${of(set).toFixed(0)} / ${of(set, backends).toFixed(0)}`).join(', ') +
        `; added: current ${added('current', total)} / ${added('current', backends)}, ` +
        `previous ${added('previous', total)} / ${added('previous', backends)}`,
    );
  }
}
