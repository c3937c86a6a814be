// The admin CLI's `mailbox` commands (scripts/admin.ts parses the options): connect, list,
// disconnect, test. Each prints the mailbox record (never a URL, login or password); connect and
// disconnect start or stop the mailbox's inbox sync, and a mailbox that stops holding its sender's
// emails has their runs told at once.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Config } from '../config.ts';
import { MailboxCredentials } from '../domain/mailboxes/credentials.ts';
import {
  connectMailbox, disconnectMailbox, listMailboxes, testMailbox, type MailboxChange, type MailboxRecord,
} from '../domain/mailboxes/mailboxes.service.ts';
import { startMailboxSync, stopMailboxSync } from '../workflows/mailbox-sync.client.ts';

export interface MailboxCommandDeps {
  em: EntityManager;
  config: Config;
  /** Delivers the RUN_CHANGED commands of these runs (best effort: the outbox drain delivers them otherwise). */
  notify(config: Config, em: EntityManager, sequenceIds: string[]): Promise<void>;
  withTemporal<T>(work: (temporal: Client) => Promise<T>): Promise<T>;
}

export type MailboxCommand =
  | { verb: 'connect'; userId: string; smtpUrl: string; imapUrl: string; email?: string }
  | { verb: 'list'; organizationId: string }
  | { verb: 'disconnect' | 'test'; id: string };

/** Starts or stops the inbox sync; without Temporal the worker's reconcile at start-up catches up. */
async function sync(deps: MailboxCommandDeps, change: MailboxChange, action: 'start' | 'stop'): Promise<void> {
  try {
    await deps.withTemporal((temporal) => action === 'start'
      ? startMailboxSync(temporal, { id: change.mailbox.id, organizationId: change.organizationId }, deps.config.temporalTaskQueue)
      : stopMailboxSync(temporal, change.mailbox.id));
  } catch (error) {
    console.error(`note: the inbox sync of mailbox ${change.mailbox.id} could not be ${action === 'start' ? 'started' : 'stopped'} now (${(error as Error).message}).`);
  }
}

async function settle(deps: MailboxCommandDeps, change: MailboxChange, action: 'start' | 'stop' | null): Promise<MailboxRecord> {
  await deps.notify(deps.config, deps.em, change.wokenSequenceIds);
  if (action) await sync(deps, change, action);
  if (change.mailbox.status !== 'CONNECTED' && change.mailbox.status !== 'DISCONNECTED') {
    console.error(`note: mailbox ${change.mailbox.id} is ${change.mailbox.status}: ${change.mailbox.last_error}; its sender's emails wait until it is fixed (mailbox test, or connect again).`);
  }
  return change.mailbox;
}

export async function runMailboxCommand(deps: MailboxCommandDeps, input: MailboxCommand): Promise<MailboxRecord | MailboxRecord[]> {
  const credentials = new MailboxCredentials(deps.config.webhookSecretKey);
  switch (input.verb) {
    case 'connect':
      return settle(deps, await connectMailbox(deps.em, { credentials }, input), 'start');
    case 'list':
      return listMailboxes(deps.em, input.organizationId);
    case 'disconnect':
      return settle(deps, await disconnectMailbox(deps.em, input.id), 'stop');
    case 'test':
      return settle(deps, await testMailbox(deps.em, { credentials }, input.id), 'start');
  }
}
