// The calls to a mailbox's inbox sync workflow (`mailbox-sync:<id>`): started when a mailbox is
// connected, stopped when it is disconnected. First version: the sync workflow itself lands with
// the inbox reader, which replaces these two with the real start (USE_EXISTING) and cancel.
import type { Client } from '@temporalio/client';

/** The mailbox a sync is for. */
export interface MailboxSyncTarget {
  id: string;
  organizationId: string;
}

/** Starts `mailbox-sync:<id>` on `taskQueue` unless it runs. */
export async function startMailboxSync(temporal: Client, mailbox: MailboxSyncTarget, taskQueue: string): Promise<void> {
  void temporal; void mailbox; void taskQueue;
}

/** Cancels `mailbox-sync:<id>`; nothing to do when none runs. */
export async function stopMailboxSync(temporal: Client, mailboxId: string): Promise<void> {
  void temporal; void mailboxId;
}
