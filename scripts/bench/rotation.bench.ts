// `npm run bench -- rotation`: the cost of rotation (a template's pool of senders) at enrollment, on
// the local stack (embedded PostgreSQL, Temporal dev server), through the one enrollment pipeline
// (enroll(): eligibility, the write with its START_SEQUENCE command, the command's delivery). The
// same number of enrollments, at the same concurrency, first into a template with one sender (the
// baseline: one statement) and then into a template whose pool has three mailboxes (the rotation's
// transaction: the members' locks, their capacity read, the write): each enrollment's latency and the
// throughput, and how the pooled runs spread over the mailboxes' limits. The runs start on a task
// queue no worker polls, so only the enrollment is measured.
import { randomUUID } from 'node:crypto';
import type { TemplateStep } from '../../db/entities/sequence-template.entity.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { enroll } from '../../domain/sequences/enrollment/enroll.ts';
import { createTemplate } from '../../domain/sequences/templates.service.ts';
import { createProviders } from '../../providers/index.ts';
import { createWorkflowClients } from '../../workflows/clients.ts';
import { activeTemplate, benchDb, insertVerifiedContacts } from './fixtures.ts';
import { envNumber, percentile } from './harness.ts';
import { workflowBenchStack } from './workflow-stack.ts';

const STEPS: TemplateStep[] = [{ type: 'EMAIL', delay_days: 3, subject: 'Hi {{first_name}}', body: 'Hello.' }];
/** The pool's daily limits: the runs should spread in these proportions. */
const LIMITS = [600, 300, 100];

export async function benchRotation(): Promise<void> {
  const runs = envNumber('BENCH_ROTATION_RUNS', 1000);
  const concurrency = envNumber('BENCH_CONNECTIONS', 10);
  const stack = await workflowBenchStack(concurrency + 2);
  const { orm, client, org } = stack;
  const organizationId = org.organization_id;
  const deps = {
    directory: createProviders({ orm, config: { enrichAsyncDelayMs: 0, slowVerifyMs: 0, smtpUrl: undefined } })
      .directory,
    workflows: createWorkflowClients(client, `bench-rotation-idle-${randomUUID()}`),
  };
  try {
    const pool: string[] = [];
    for (const [i, limit] of LIMITS.entries()) {
      const user = await admin.createUser(orm.em.fork(), {
        organizationId,
        email: `pool-${i}@bench.test`,
        name: `Pool ${i}`,
      });
      await admin.setSender(orm.em.fork(), { userId: user.id, dailySendLimit: limit });
      pool.push(user.id);
    }
    const single = await activeTemplate(orm, organizationId, org.user_id, 'Bench one sender', STEPS);
    const pooled = (
      await createTemplate(orm.em.fork(), organizationId, org.user_id, {
        name: 'Bench pool',
        status: 'ACTIVE',
        steps: STEPS,
        sender_user_ids: pool,
      })
    ).id;

    const measure = async (templateId: string, n = runs) => {
      const contacts = Array.from({ length: n }, () => randomUUID());
      await insertVerifiedContacts(orm, organizationId, contacts, (id) => `r-${id}@example.com`);
      const durations: number[] = [];
      const began = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let contactId = contacts.pop(); contactId; contactId = contacts.pop()) {
            const at = performance.now();
            const enrolled = await enroll(orm.em.fork(), deps, {
              organizationId,
              contactId,
              sequenceTemplateId: templateId,
            });
            if (enrolled.verificationDue || enrolled.result.outcome !== 'CREATED') throw new Error('not enrolled');
            await enrolled.started;
            durations.push(performance.now() - at);
          }
        }),
      );
      const seconds = (performance.now() - began) / 1000;
      durations.sort((a, b) => a - b);
      const ms = (p: number) => percentile(durations, p).toFixed(1);
      return `enroll() to commit p50 ${ms(50)} ms, p99 ${ms(99)} ms; ${(n / seconds).toFixed(0)} enrollments/s with the starts (n=${n})`;
    };

    console.log(`rotation: ${runs} enrollments per template, concurrency ${concurrency}, into the local stack`);
    // Warm-up: the statements prepared and the connections open for both before either is measured.
    await measure(single, 100);
    await measure(pooled, 100);
    console.log(`  one sender (baseline): ${await measure(single)}`);
    console.log(`  pool of 3 (limits ${LIMITS.join('/')}): ${await measure(pooled)}`);
    const spread = await benchDb(orm)
      .selectFrom('sequences')
      .select((eb) => ['sender_id', eb.fn.countAll<string>().as('n')])
      .where('sequence_template_id', '=', pooled)
      .groupBy('sender_id')
      .execute();
    const given = pool.map((id) => spread.find((r) => r.sender_id === id)?.n ?? '0');
    console.log(`  pooled runs per mailbox: ${given.join('/')} of ${runs + 100} (limits ${LIMITS.join('/')})`);
  } finally {
    await stack.stop(); // the dev server's workflows go with it
  }
}
