// What the cluster benchmark checks once the load and the faults are over: every accepted write is
// there (contacts, events, sequences), every enrollment's first email reached the SMTP server once,
// every webhook delivery reached the receiver, and nothing happened twice (an email or LinkedIn
// action sent twice, a webhook delivered under two ids, a contact or sequence created twice).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/kysely.ts';
import type { SmtpSink } from '../cluster/smtp-sink.ts';
import type { AcceptedWrites } from './cluster-client.ts';
import { sleep } from './harness.ts';
import { enrollableEmail, type WebhookReceiver } from './mixed-load.ts';

export interface AuditCounts {
  [what: string]: number;
}

export interface Audit {
  lost: AuditCounts;
  duplicated: AuditCounts;
  /** Emails whose send was cut off (the worker died mid-send): counted as sent, never repeated, as plain SMTP cannot be asked. */
  unconfirmedEmails: number;
}

const total = (counts: AuditCounts) => Object.values(counts).reduce((a, b) => a + b, 0);
export const auditTotals = (audit: Audit) => ({ lost: total(audit.lost), duplicated: total(audit.duplicated) });

interface AuditInput {
  db: () => Kysely<DB>;
  organizationId: string;
  templateId: string;
  subscriptionId: string;
  accepted: AcceptedWrites;
  smtp: SmtpSink;
  receiver: WebhookReceiver;
}

const missingEmails = (input: AuditInput) =>
  [...input.accepted.enrollments].filter((id) => !input.smtp.byRecipient.has(enrollableEmail(id).toLowerCase()));

async function pendingDeliveries(input: AuditInput): Promise<number> {
  const row = await input
    .db()
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('subscription_id', '=', input.subscriptionId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits (up to `timeoutMs`) until every accepted enrollment's email arrived and no delivery is pending. */
export async function drain(input: AuditInput, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && (missingEmails(input).length > 0 || (await pendingDeliveries(input)) > 0))
    await sleep(1000);
}

export async function audit(input: AuditInput): Promise<Audit> {
  const db = input.db();
  const org = input.organizationId;
  const contacts = await db
    .selectFrom('contacts')
    .select(['email'])
    .where('organization_id', '=', org)
    .where('email', 'is not', null)
    .execute();
  const contactEmails = new Set(contacts.map((c) => c.email));
  const events = await db
    .selectFrom('ingested_events')
    .select(['external_event_id'])
    .where('organization_id', '=', org)
    .execute();
  const eventIds = new Set(events.map((e) => e.external_event_id));
  const sequences = await db
    .selectFrom('sequences')
    .select(['contact_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('organization_id', '=', org)
    .where('sequence_template_id', '=', input.templateId)
    .groupBy('contact_id')
    .execute();
  const sequenceCount = new Map(sequences.map((s) => [s.contact_id, Number(s.n)]));
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'status'])
    .where('subscription_id', '=', input.subscriptionId)
    .execute();
  const linkedinTwice = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (SELECT key FROM sandbox_linkedin_actions WHERE key IS NOT NULL GROUP BY key HAVING count(*) > 1) twice`.execute(
    db,
  );
  const unconfirmed = await db
    .selectFrom('outbound_effects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', org)
    .where('kind', '=', 'EMAIL')
    .where('state', '=', 'UNCONFIRMED')
    .executeTakeFirstOrThrow();
  const contactTwice = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (SELECT email FROM contacts WHERE organization_id = ${org} AND email IS NOT NULL GROUP BY email HAVING count(*) > 1) twice`.execute(
    db,
  );
  return {
    lost: {
      contacts: [...input.accepted.contacts].filter((email) => !contactEmails.has(email)).length,
      events: [...input.accepted.events].filter((id) => !eventIds.has(id)).length,
      sequences: [...input.accepted.enrollments].filter((id) => !sequenceCount.has(id)).length,
      emails: missingEmails(input).length,
      webhooks: deliveries.filter((d) => d.status !== 'DELIVERED' || !input.receiver.received.has(d.id)).length,
    },
    duplicated: {
      emails: [...input.smtp.byRecipient.values()].filter((n) => n > 1).length,
      linkedin: Number(linkedinTwice.rows[0]?.n ?? 0),
      webhooks: [...input.receiver.idsByBody.values()].filter((ids) => ids.size > 1).length,
      contacts: Number(contactTwice.rows[0]?.n ?? 0),
      sequences: [...sequenceCount.values()].filter((n) => n > 1).length,
    },
    unconfirmedEmails: Number(unconfirmed.n),
  };
}
