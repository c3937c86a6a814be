// The mixed workload shared by `mixed` and `cluster`: its fixtures (a template, verified contacts
// to enroll, contacts to read, a signed-webhook receiver), its operations, the open-loop schedule
// that sends them (request n of an op is due at start + n / rate, whether or not earlier ones have
// answered) and the per-endpoint latency table.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Webhook } from 'standardwebhooks';
import * as admin from '../../domain/admin/admin.service.ts';
import { truncateText } from '../../domain/shared/text.ts';
import { activeTemplate, insertVerifiedContacts, liftSendLimit } from './fixtures.ts';
import { envNumber, percentile, sleep } from './harness.ts';

export interface Op {
  name: string;
  perSecond: number;
  expected: number[];
  request: (i: number) => { method: 'GET' | 'POST'; path: string; body?: unknown };
}

export interface MixedRates {
  reads: number;
  upserts: number;
  events: number;
  enrollments: number;
}

/** Per second by default: 20 reads, 10 contact upserts, 20 event ingestions, 2 enrollments (BENCH_MIXED_*). */
export function mixedRates(): MixedRates {
  return {
    reads: envNumber('BENCH_MIXED_READS', 20),
    upserts: envNumber('BENCH_MIXED_UPSERTS', 10),
    events: envNumber('BENCH_MIXED_EVENTS', 20),
    enrollments: envNumber('BENCH_MIXED_ENROLLMENTS', 2),
  };
}

export interface MixedFixtures {
  org: Awaited<ReturnType<typeof admin.bootstrap>>;
  templateId: string;
  /** Verified contacts not yet enrolled; enrollments pop from it. */
  enrollable: string[];
}

export const enrollableEmail = (id: string) => `enroll-${id.slice(0, 8)}@example.com`;

/** An organization ("Bench"), an ACTIVE two-email template (the second 30 days later) and `contacts` verified contacts to enroll. */
export async function mixedFixtures(orm: MikroORM, contacts: number): Promise<MixedFixtures> {
  const org = await admin.bootstrap(orm.em.fork(), {
    orgName: 'Bench',
    ownerEmail: 'bench@example.com',
    ownerName: 'Bench',
  });
  await liftSendLimit(orm, org.user_id);
  const templateId = await activeTemplate(orm, org.organization_id, org.user_id, 'Bench mixed', [
    { type: 'EMAIL', delay_days: 0, subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' },
    { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up.' },
  ]);
  const enrollable = Array.from({ length: contacts }, () => randomUUID());
  await insertVerifiedContacts(orm, org.organization_id, enrollable, enrollableEmail);
  return { org, templateId, enrollable };
}

export function mixedOps(
  rates: MixedRates,
  readIds: string[],
  fixtures: MixedFixtures,
  enrollmentStatuses = [201],
): Op[] {
  return [
    {
      name: 'GET /v1/contacts',
      perSecond: rates.reads / 2,
      expected: [200],
      request: () => ({ method: 'GET', path: '/v1/contacts?size=10' }),
    },
    {
      name: 'GET /v1/contacts/{id}',
      perSecond: rates.reads / 2,
      expected: [200],
      request: (i) => ({ method: 'GET', path: `/v1/contacts/${readIds[i % readIds.length]}` }),
    },
    // Half new contacts, half updates of contacts sent before (an upsert by email).
    {
      name: 'POST /v1/contacts',
      perSecond: rates.upserts,
      expected: [200, 201],
      request: (i) => ({
        method: 'POST',
        path: '/v1/contacts',
        body: { email: `upsert-${Math.floor(i / 2)}@example.com`, first_name: `U${i}`, company_domain: 'example.com' },
      }),
    },
    {
      name: 'POST /v1/events',
      perSecond: rates.events,
      expected: [202],
      request: (i) => ({
        method: 'POST',
        path: '/v1/events',
        body: {
          event_name: 'bench.mixed',
          occurred_at: new Date().toISOString(),
          subject: { email: `event-${i % 500}@example.com` },
          external_event_id: `mixed-${i}`,
        },
      }),
    },
    {
      name: 'POST /v1/sequences',
      perSecond: rates.enrollments,
      expected: enrollmentStatuses,
      request: () => ({
        method: 'POST',
        path: '/v1/sequences',
        body: { contact_id: fixtures.enrollable.pop(), sequence_template_id: fixtures.templateId },
      }),
    },
  ];
}

/** Sends one request of an op and answers its final status and body (a client may retry inside). */
export type Send = (
  op: Op,
  request: { method: 'GET' | 'POST'; path: string; body?: unknown },
) => Promise<{ status: number; text: string }>;

export interface LoadResult {
  latencies: Map<string, number[]>;
  /** Per op, when each request of `latencies` (same order) was sent, in seconds from the start. */
  sentAt: Map<string, number[]>;
  errors: Map<string, string[]>;
}

/** Runs `ops` on their schedules for `seconds`; `tick(elapsedSeconds)` is called between sends. */
export async function runOpenLoop(
  ops: Op[],
  seconds: number,
  send: Send,
  tick?: (elapsed: number) => void,
): Promise<LoadResult> {
  const latencies = new Map<string, number[]>(ops.map((o) => [o.name, []]));
  const sentAt = new Map<string, number[]>(ops.map((o) => [o.name, []]));
  const errors = new Map<string, string[]>(ops.map((o) => [o.name, []]));
  const started = Date.now();
  const startedAt = performance.now();
  const inFlight = new Set<Promise<void>>();
  const fire = (op: Op, i: number) => {
    const request = op.request(i);
    const t0 = performance.now();
    const p = send(op, request)
      .then(
        ({ status, text }) => {
          latencies.get(op.name)!.push(performance.now() - t0);
          sentAt.get(op.name)!.push((t0 - startedAt) / 1000);
          if (!op.expected.includes(status)) errors.get(op.name)!.push(`${status} ${truncateText(text, 200)}`);
        },
        (error: unknown) => {
          errors.get(op.name)!.push(String(error));
        },
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const next = ops.map(() => 0);
  while (Date.now() - started < seconds * 1000) {
    const elapsed = (Date.now() - started) / 1000;
    ops.forEach((op, k) => {
      while (next[k] / op.perSecond <= elapsed) fire(op, next[k]++);
    });
    tick?.(elapsed);
    await sleep(5);
  }
  await Promise.all(inFlight);
  return { latencies, sentAt, errors };
}

/** Per endpoint: count, errors, p50/p95/p99/max, and throughput over `seconds` when given. */
export function printLatencyTable(ops: Op[], result: LoadResult, seconds?: number): void {
  console.log(
    `endpoint                    count   errors   p50 ms   p95 ms   p99 ms   max ms${seconds ? '    req/s' : ''}`,
  );
  for (const op of ops) {
    const xs = [...result.latencies.get(op.name)!].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(0).padStart(8);
    const rate = seconds ? (xs.length / seconds).toFixed(1).padStart(9) : '';
    console.log(
      `${op.name.padEnd(26)}${String(xs.length).padStart(7)}${String(result.errors.get(op.name)!.length).padStart(9)}${f(percentile(xs, 50))}${f(percentile(xs, 95))}${f(percentile(xs, 99))}${f(xs.at(-1) ?? Number.NaN)}${rate}`,
    );
    for (const e of result.errors.get(op.name)!.slice(0, 3)) console.log(`    e.g. ${e}`);
  }
}

export interface WebhookReceiver {
  server: Server;
  url: string;
  /** Deliveries received per webhook-id. */
  received: Map<string, number>;
  /** Distinct webhook-ids per delivered body (the same event under two ids is a duplicate). */
  idsByBody: Map<string, Set<string>>;
  badSignatures(): number;
  verifyWith(secret: string): void;
  close(): Promise<void>;
}

/** A local receiver that verifies each signature and counts deliveries by webhook-id and by body. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let verifier: Webhook | undefined;
  const received = new Map<string, number>();
  const idsByBody = new Map<string, Set<string>>();
  let bad = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        verifier?.verify(body, req.headers as Record<string, string>);
      } catch {
        bad++;
      }
      const id = String(req.headers['webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      const digest = createHash('sha256').update(body).digest('hex');
      idsByBody.set(digest, (idsByBody.get(digest) ?? new Set()).add(id));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    server,
    received,
    idsByBody,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    badSignatures: () => bad,
    verifyWith: (secret) => {
      verifier = new Webhook(secret);
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
