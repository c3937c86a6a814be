// Delivery-engine test fixtures: a receiver that verifies every Standard Webhooks signature and
// answers what the test scripts per request, subscription rows with encrypted secrets, and events.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { emitEvent } from '../../domain/activity/emit.ts';
import { generateWebhookSecret, SecretBox, secretPrefix } from '../../domain/webhooks/secrets.ts';
import type { Stack } from './stack.ts';

export interface Hit {
  id: string;
  body: Record<string, unknown>;
  /** The signature checked out against the subscription's secret. */
  verified: boolean;
  status: number;
  receivedAt: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
}

export interface Target {
  url: string;
  hits: Hit[];
  /** Answers request number n (0-based); default 204. */
  respond: (n: number) => Reply;
  /** Distinct webhook-ids that got a 2xx. */
  deliveredIds(): Set<string>;
  close(): Promise<void>;
}

export async function startTarget(
  secret: string,
  respond: (n: number) => Reply = () => ({ status: 204 }),
): Promise<Target> {
  const verifier = new Webhook(secret);
  const hits: Hit[] = [];
  const target = { respond } as Target;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let verified = true;
      try {
        verifier.verify(raw, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const reply = target.respond(hits.length);
      hits.push({
        id: String(req.headers['webhook-id']),
        body: JSON.parse(raw) as Record<string, unknown>,
        verified,
        status: reply.status,
        receivedAt: Date.now(),
      });
      res.writeHead(reply.status, reply.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  target.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  target.hits = hits;
  target.deliveredIds = () => new Set(hits.filter((h) => h.status >= 200 && h.status < 300).map((h) => h.id));
  target.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return target;
}

export interface TestSubscription {
  id: string;
  secret: string;
}

/** A subscription row as the API would store it (secret encrypted with the stack's key). */
export async function createTestSubscription(
  stack: Stack,
  organizationId: string,
  url: string,
  options: {
    eventTypes?: string[];
    lastSuccessAt?: Date | null;
    createdAt?: Date;
    secret?: string;
  } = {},
): Promise<TestSubscription> {
  const secret = options.secret ?? generateWebhookSecret();
  const id = randomUUID();
  const created = options.createdAt ?? new Date();
  await sql`
    INSERT INTO webhook_subscriptions (id, organization_id, name, url, event_types, status, status_changed_at, secret_ciphertext, secret_prefix, last_success_at, created_at, updated_at)
    VALUES (${id}, ${organizationId}, 'test', ${url}, ${options.eventTypes ?? ['contact_exclusion.created']}::text[], 'ACTIVE', ${created},
            ${new SecretBox(stack.config.webhookSecretKey).encrypt(secret)}, ${secretPrefix(secret)}, ${options.lastSuccessAt ?? null}, ${created}, ${created})`.execute(
    stack.orm.em.fork().getKysely(),
  );
  return { id, secret };
}

export async function setSubscriptionStatus(stack: Stack, id: string, status: 'ACTIVE' | 'PAUSED'): Promise<void> {
  await sql`UPDATE webhook_subscriptions SET status = ${status}, status_changed_at = now() WHERE id = ${id}`.execute(
    stack.orm.em.fork().getKysely(),
  );
}

/**
 * Emits a contact_exclusion.created event through the domain's emitEvent. With `heldBack`, the
 * delivery is written as if the dispatcher's first attempt had failed (attempts 1, not due), so
 * only a retry workflow started by the test will send it.
 */
export async function emitExclusionEvent(
  stack: Stack,
  organizationId: string,
  options: { heldBack?: boolean } = {},
): Promise<{ activityId: string; email: string }> {
  const email = `person-${randomUUID().slice(0, 8)}@example.com`;
  const activityId = await stack.orm.em.fork().transactional(async (em) => {
    const emitted = await emitEvent(em, {
      type: 'contact_exclusion.created',
      organizationId,
      contact: null,
      fields: { exclusion_id: randomUUID(), email, linkedin_url: null, reason: 'UNSUBSCRIBED' },
    });
    if (options.heldBack) {
      await sql`UPDATE webhook_deliveries SET attempts = 1, next_attempt_at = NULL WHERE activity_id = ${emitted.activityId}`.execute(
        em.getKysely(),
      );
    }
    return emitted.activityId;
  });
  return { activityId, email };
}

export async function deliveriesOf(stack: Stack, activityId: string) {
  const { rows } = await sql<{
    id: string;
    status: string;
    attempts: number;
    last_response_code: number | null;
    last_error: string | null;
    subscription_id: string;
    retry_workflow_id: string | null;
  }>`
    SELECT id, status, attempts, last_response_code, last_error, subscription_id, retry_workflow_id FROM webhook_deliveries WHERE activity_id = ${activityId}`.execute(
    stack.orm.em.fork().getKysely(),
  );
  return rows;
}

export async function subscriptionRow(stack: Stack, id: string) {
  const { rows } = await sql<{
    status: string;
    status_reason: string | null;
    last_success_at: Date | null;
    status_changed_at: Date;
  }>`
    SELECT status, status_reason, last_success_at, status_changed_at FROM webhook_subscriptions WHERE id = ${id}`.execute(
    stack.orm.em.fork().getKysely(),
  );
  return rows[0];
}
