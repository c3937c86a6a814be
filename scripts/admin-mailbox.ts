// The admin CLI's `mailbox` commands (scripts/admin.ts parses the options): connect, list,
// disconnect, test. Each prints the mailbox record (never a URL, login or password). Connect takes
// passwords from standard input or the environment, never from the command line, and refuses a
// secret key that may not seal them (domain/mailboxes/url-sources.ts, credentials.ts). Connect, test
// and disconnect record the inbox sync's start or stop with their change (a MAILBOX_SYNC command),
// so the answer is the committed state: the command and the runs' RUN_CHANGED are delivered right
// after, or by the outbox drain when Temporal cannot be reached now.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import { MailboxCredentials } from '../domain/mailboxes/credentials.ts';
import {
  connectMailbox,
  disconnectMailbox,
  listMailboxes,
  testMailbox,
  type MailboxChange,
  type MailboxRecord,
} from '../domain/mailboxes/mailboxes.service.ts';
import { resolveMailUrl, stdinPasswordOf, type UrlSource } from '../domain/mailboxes/url-sources.ts';

/** What a committed change recorded for workflows: the runs it changed, the mailboxes whose sync follows their row. */
export interface CommittedCommands {
  sequenceIds: string[];
  mailboxIds: string[];
}

export interface MailboxCommandDeps {
  em: EntityManager;
  config: Config;
  /** Delivers the commands a change recorded (best effort: the outbox drain delivers them otherwise). */
  deliver(em: EntityManager, commands: CommittedCommands): Promise<void>;
  /** Where `--smtp-url-env` and `--imap-url-env` name their variables. */
  env: Record<string, string | undefined>;
  /** Standard input, read to its end (`--password-stdin`). */
  readStdin(): Promise<string>;
}

export type MailboxCommand =
  | { verb: 'connect'; userId: string; smtp: UrlSource; imap: UrlSource; passwordStdin: boolean; email?: string }
  | { verb: 'list'; organizationId: string }
  | { verb: 'disconnect' | 'test'; id: string };

async function settle(deps: MailboxCommandDeps, change: MailboxChange): Promise<MailboxRecord> {
  await deps.deliver(deps.em, {
    sequenceIds: change.wokenSequenceIds,
    mailboxIds: change.syncCommand ? [change.mailbox.id] : [],
  });
  if (change.mailbox.status !== 'CONNECTED' && change.mailbox.status !== 'DISCONNECTED') {
    console.error(
      `note: mailbox ${change.mailbox.id} is ${change.mailbox.status}: ${change.mailbox.last_error}; its sender's emails wait until it is fixed (mailbox test, or connect again).`,
    );
  }
  return change.mailbox;
}

export async function runMailboxCommand(
  deps: MailboxCommandDeps,
  input: MailboxCommand,
): Promise<MailboxRecord | MailboxRecord[]> {
  const credentials = new MailboxCredentials(deps.config.webhookSecretKey);
  switch (input.verb) {
    case 'connect': {
      // The key first: nothing is read, tried or stored under a key that may not seal it.
      credentials.requireSealingKey();
      const password = input.passwordStdin ? stdinPasswordOf(await deps.readStdin()) : null;
      const smtpUrl = resolveMailUrl('smtp', input.smtp, deps.env, password);
      const imapUrl = resolveMailUrl('imap', input.imap, deps.env, password);
      return settle(
        deps,
        await connectMailbox(deps.em, { credentials }, { userId: input.userId, smtpUrl, imapUrl, email: input.email }),
      );
    }
    case 'list':
      return listMailboxes(deps.em, input.organizationId);
    case 'disconnect':
      return settle(deps, await disconnectMailbox(deps.em, input.id));
    case 'test':
      return settle(deps, await testMailbox(deps.em, { credentials }, input.id));
  }
}
