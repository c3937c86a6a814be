// `admin erase`: a person's erasure at a privacy request, for a person who may not be a contact
// (found by email or LinkedIn URL). Queues the same job as POST /v1/contacts/{id}/erase (one per
// person: asking again answers it) and delivers its start at once when Temporal answers; otherwise
// the outbox drain starts it. `--wait` follows the job until it is done.
import { Client, Connection } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import { getErasureJob, requestErasure } from '../domain/erasure/request.ts';
import type { ErasureJobRecord } from '../domain/erasure/record.ts';
import { AdminError } from '../domain/admin/admin.service.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { useSuppressionHashKey } from '../domain/people/suppression-hash.ts';
import { temporalSecurity } from '../temporal/tls.ts';
import { createWorkflowClients } from '../workflows/clients.ts';

export const ERASE_OPTIONS = {
  linkedin: { type: 'string' },
  wait: { type: 'boolean' },
} as const;

const WAIT_MS = 5 * 60_000;

export async function runErase(
  em: EntityManager,
  config: Config,
  flags: { org?: string; email?: string; linkedin?: string; wait?: boolean },
): Promise<ErasureJobRecord> {
  useSuppressionHashKey(config.suppressionHashKey);
  if (!flags.org) throw new AdminError('--org is required');
  if (flags.email === undefined && flags.linkedin === undefined)
    throw new AdminError('--email or --linkedin is required');
  const organizationId = flags.org;
  // Lazy: an unreachable Temporal fails the delivery only, and the committed job waits in the outbox.
  const connection = Connection.lazy({
    address: config.temporalAddress ?? `127.0.0.1:${process.env.TEMPORAL_DEV_PORT ?? 7233}`,
    ...temporalSecurity(config.temporalTls),
    connectTimeout: 3000,
  });
  try {
    const workflows = createWorkflowClients(
      new Client({ connection, namespace: config.temporalNamespace }),
      config.temporalTaskQueue,
    );
    const { job, created } = await requestErasure(em, { workflows }, organizationId, {
      ...(flags.email !== undefined ? { email: flags.email } : {}),
      ...(flags.linkedin !== undefined ? { linkedinUrl: flags.linkedin } : {}),
    }).catch((error: unknown) => {
      throw error instanceof DomainError ? new AdminError(error.message) : error;
    });
    console.error(created ? 'note: erasure queued' : `note: this person's erasure job exists (${job.status})`);
    if (!flags.wait) return job;
    const until = Date.now() + WAIT_MS;
    let current = job;
    while (current.status !== 'SUCCEEDED' && current.status !== 'FAILED' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      current = await getErasureJob(em.fork(), organizationId, job.id);
    }
    return current;
  } finally {
    await connection.close().catch(() => undefined);
  }
}
