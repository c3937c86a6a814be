// The admin CLI, the dashboard's stand-in: organizations, users, API keys and organization settings, against
// DATABASE_URL or the embedded default (whether or not `npm start` is running).
//   npm run --silent admin -- bootstrap --org-name NAME [--owner-email E] [--owner-name N] --json
//   npm run --silent admin -- key create --org ORG_ID --name NAME --scopes a:read,b:write|all [--user USER_ID] --json    (all: every scope the user's role may hold)
//   npm run --silent admin -- key list --org ORG_ID [--json]
//   npm run --silent admin -- key rotate --id KEY_ID [--grace-seconds 86400] [--json]
//   npm run --silent admin -- key revoke --id KEY_ID [--json]
//   npm run --silent admin -- user create --org ORG_ID --email E --name N [--role admin|member] [--json]    (default member)
//   npm run --silent admin -- user role --id USER_ID --role owner|admin|member [--json]    (SECURITY.md, 'Roles')
//   npm run --silent admin -- user list --org ORG_ID [--json]
//   npm run --silent admin -- user remove --id USER_ID [--json]
//   npm run --silent admin -- user sender --id USER_ID [--mailbox-email E|none] [--daily-send-limit N] [--json]
//   npm run --silent admin -- org show --org ORG_ID [--json]
//   npm run --silent admin -- org credits --org ORG_ID --add N [--json]        (remove with --add=-N; the balance stays >= 0)
//   npm run --silent admin -- org lead-limit --org ORG_ID --set N [--json]
//   npm run --silent admin -- org icp --org ORG_ID --file PATH|--json-value '{"industries":["Software"],...}' [--json]
//   npm run --silent admin -- reconcile [--org ORG_ID] [--fix] [--json]    (rows and workflows that disagree; --fix repairs them)
//   npm run --silent admin -- stats-check [--org ORG_ID] [--fix] [--json]  (stats counters that differ from their source rows; --fix recomputes them)
//   npm run --silent admin -- mailbox connect --user USER_ID (--smtp-url URL|--smtp-url-env NAME) (--imap-url URL|--imap-url-env NAME) [--password-stdin] [--email E] [--json]
//   npm run --silent admin -- mailbox list --org ORG_ID [--json]
//   npm run --silent admin -- mailbox disconnect --id MAILBOX_ID [--json]
//   npm run --silent admin -- mailbox test --id MAILBOX_ID [--json]
//   npm run --silent admin -- mailbox ramp --user USER_ID (--start N --increase N --target N [--started-on YYYY-MM-DD] | --off) [--json]
//   npm run --silent admin -- mailbox resume --user USER_ID [--json]      (lets a sender paused for their reputation send again)
//   npm run --silent admin -- mailbox pace --user USER_ID ([--hourly-limit N] [--min-gap-seconds N] [--max-gap-seconds N] | --default) [--json]
//     URLs: smtps://USER@HOST[:465] or smtp://...[:587] (STARTTLS; plain text only to loopback),
//     imaps://...[:993] or imap://...[:143]; USER URL-encoded. No password on the command line: it comes
//     on standard input (--password-stdin, one line, for every URL given without one), or the whole URL
//     smtps://USER:PASSWORD@HOST is in the environment variable NAME. Needs WEBHOOK_SECRET_KEY (not the
//     development key). Never printed back.
//   npm run --silent admin -- erase --org ORG_ID (--email E|--linkedin U) [--wait] [--json]   (a person's erasure job, contact or not)
//   npm run --silent admin -- privacy-scan [--org ORG_ID] --email E [--name N] [--linkedin U] [--phone P] [--json]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { loadConfig, type Config } from '../config.ts';
import { migrate, openOrm } from '../db/orm.ts';
import { Client, Connection } from '@temporalio/client';
import * as admin from '../domain/admin/admin.service.ts';
import { reconcile } from '../domain/admin/reconcile.ts';
import { deliverMailboxSyncs, deliverRunsChanged } from '../domain/workflow-commands/deliver.ts';
import { parseScopes } from '../domain/admin/scopes.ts';
import { openDatabase } from './local-stack.ts';
import { createWorkflowClients } from '../workflows/clients.ts';
import { temporalSecurity } from '../temporal/tls.ts';
import { runMailboxCommand, type CommittedCommands, type MailboxCommandDeps } from './admin-mailbox.ts';
import { withLocalSecretKey } from './local-secret-key.ts';
import { auditCommand } from './admin-audit.ts';
import { runUserCommand } from './admin-users.ts';
import { isSendingCommand, runSendingCommand, SENDING_USAGE } from './admin-sending.ts';
import { show } from './admin-output.ts';
import { ERASE_OPTIONS, runErase } from './admin-erase.ts';
import { SCAN_OPTIONS, runPrivacyScan } from './admin-privacy-scan.ts';
import type { AuditOutcome } from '../db/entities/audit-entry.entity.ts';
import { MailboxKeyError } from '../domain/mailboxes/credentials.ts';
import { MailboxError } from '../domain/mailboxes/mailboxes.service.ts';
import { MailUrlError } from '../domain/mailboxes/mail-urls.ts';
import { resumeSender, setRamp, type RampInput } from '../domain/mailboxes/sender-sending.ts';
import type { UrlSource } from '../domain/mailboxes/url-sources.ts';
import { PACE_OPTIONS, paceSender } from './admin-pacing.ts';

class UsageError extends Error {}

const options = {
  json: { type: 'boolean' },
  'org-name': { type: 'string' },
  'owner-email': { type: 'string' },
  'owner-name': { type: 'string' },
  org: { type: 'string' },
  name: { type: 'string' },
  scopes: { type: 'string' },
  role: { type: 'string' },
  user: { type: 'string' },
  id: { type: 'string' },
  email: { type: 'string' },
  'grace-seconds': { type: 'string' },
  add: { type: 'string' },
  set: { type: 'string' },
  file: { type: 'string' },
  'json-value': { type: 'string' },
  'mailbox-email': { type: 'string' },
  'daily-send-limit': { type: 'string' },
  'smtp-url': { type: 'string' },
  'imap-url': { type: 'string' },
  'smtp-url-env': { type: 'string' },
  'imap-url-env': { type: 'string' },
  'password-stdin': { type: 'boolean' },
  start: { type: 'string' },
  increase: { type: 'string' },
  target: { type: 'string' },
  'started-on': { type: 'string' },
  off: { type: 'boolean' },
  fix: { type: 'boolean' },
  ...PACE_OPTIONS,
  help: { type: 'boolean', short: 'h' },
  ...ERASE_OPTIONS,
  ...SCAN_OPTIONS,
} as const;

type Flags = { [K in keyof typeof options]?: (typeof options)[K]['type'] extends 'boolean' ? boolean : string };

function need(flags: Flags, name: keyof Flags): string {
  const value = flags[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** Where `mailbox connect` takes a server's URL from: exactly one of --X-url and --X-url-env. */
function urlSource(flags: Flags, option: 'smtp-url' | 'imap-url'): UrlSource {
  const url = flags[option];
  const env = flags[`${option}-env`];
  if ((url === undefined) === (env === undefined))
    throw new UsageError(`give exactly one of --${option} or --${option}-env`);
  return url !== undefined ? { from: 'argument', url } : { from: 'environment', name: env! };
}

/** The ramp of `mailbox ramp`: its three numbers (and maybe its first day), or --off alone. */
function rampInput(flags: Flags): RampInput {
  if (flags.off) {
    if (flags.start ?? flags.increase ?? flags.target ?? flags['started-on'])
      throw new UsageError('--off takes no other ramp option');
    return { off: true };
  }
  const count = (name: 'start' | 'increase' | 'target') => Number(need(flags, name));
  return {
    start: count('start'),
    increase: count('increase'),
    target: count('target'),
    startedOn: flags['started-on'],
  };
}

/** The ICP document of `org icp`: from --file or --json-value, exactly one. */
function icpDocument(flags: Flags): unknown {
  if ((flags.file === undefined) === (flags['json-value'] === undefined))
    throw new UsageError('give exactly one of --file or --json-value');
  let text: string;
  try {
    text = flags.file !== undefined ? readFileSync(flags.file, 'utf8') : flags['json-value']!;
  } catch (error) {
    throw new admin.AdminError(`cannot read ${flags.file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new admin.AdminError(`${flags.file ?? '--json-value'} is not valid JSON`);
  }
}

async function run(orm: MikroORM, command: string[], flags: Flags, config: Config): Promise<unknown> {
  const em = orm.em.fork();
  if (isSendingCommand(command)) return runSendingCommand(em, config, command, flags);
  switch (command.join(' ')) {
    case 'bootstrap':
      return admin
        .bootstrap(em, {
          orgName: need(flags, 'org-name'),
          ownerEmail: flags['owner-email'] ?? 'owner@example.com',
          ownerName: flags['owner-name'] ?? 'Owner',
          enrichmentCredits: config.startingEnrichmentCredits,
        })
        .then(({ organization_id, user_id, api_key }) => ({ organization_id, user_id, api_key }));
    case 'key create': {
      const scopes = need(flags, 'scopes') === 'all' ? 'all' : parseScopes(need(flags, 'scopes'));
      const key = await admin.createKey(em, {
        organizationId: need(flags, 'org'),
        name: need(flags, 'name'),
        scopes,
        userId: flags.user,
      });
      return { id: key.id, api_key: key.api_key, key_prefix: key.key_prefix, scopes: key.scopes, user_id: key.user_id };
    }
    case 'key list':
      return admin.listKeys(em, need(flags, 'org'));
    case 'key rotate': {
      const grace = flags['grace-seconds'] === undefined ? 86_400 : Number(flags['grace-seconds']);
      return admin.rotateKey(em, { keyId: need(flags, 'id'), graceSeconds: grace });
    }
    case 'key revoke':
      return admin.revokeKey(em, need(flags, 'id'));
    case 'user create':
    case 'user role':
      return runUserCommand(em, command[1] as 'create' | 'role', (name) => need(flags, name), flags.role);
    case 'user list':
      return admin.listUsersOf(em, need(flags, 'org'));
    case 'user remove': {
      const removed = await admin.removeUser(em, need(flags, 'id'));
      await deliverCommitted(config, em, {
        sequenceIds: removed.stopped_sequence_ids,
        mailboxIds: removed.disconnected_mailbox_id ? [removed.disconnected_mailbox_id] : [],
      });
      return removed;
    }
    case 'user sender': {
      const mailbox = flags['mailbox-email'];
      const limit = flags['daily-send-limit'];
      if (mailbox === undefined && limit === undefined)
        throw new UsageError('give --mailbox-email and/or --daily-send-limit');
      return admin.setSender(em, {
        userId: need(flags, 'id'),
        mailboxEmail: mailbox === undefined ? undefined : mailbox === 'none' ? null : mailbox,
        dailySendLimit: limit === undefined ? undefined : Number(limit),
      });
    }
    case 'org show':
      return admin.showOrganization(em, need(flags, 'org'));
    case 'org credits':
      return admin.addCredits(em, need(flags, 'org'), Number(need(flags, 'add')));
    case 'org lead-limit':
      return admin.setLeadLimit(em, need(flags, 'org'), Number(need(flags, 'set')));
    case 'org icp':
      return admin.setIcpProfile(em, need(flags, 'org'), icpDocument(flags));
    case 'mailbox connect':
      return runMailboxCommand(mailboxDeps(em, config), {
        verb: 'connect',
        userId: need(flags, 'user'),
        smtp: urlSource(flags, 'smtp-url'),
        imap: urlSource(flags, 'imap-url'),
        passwordStdin: flags['password-stdin'] ?? false,
        email: flags.email,
      });
    case 'mailbox list':
      return runMailboxCommand(mailboxDeps(em, config), { verb: 'list', organizationId: need(flags, 'org') });
    case 'mailbox disconnect':
      return runMailboxCommand(mailboxDeps(em, config), { verb: 'disconnect', id: need(flags, 'id') });
    case 'mailbox test':
      return runMailboxCommand(mailboxDeps(em, config), { verb: 'test', id: need(flags, 'id') });
    case 'mailbox ramp':
      return setRamp(em, need(flags, 'user'), rampInput(flags));
    case 'mailbox pace':
      return paceSender(em, flags);
    case 'mailbox resume': {
      const resumed = await resumeSender(em, need(flags, 'user'));
      console.error(
        resumed.resumed
          ? `note: paused since ${resumed.was_paused_at} for ${resumed.was_pause_reason}; resumed, ${resumed.woken_sequence_ids.length} running sequence(s) told`
          : 'note: not paused; nothing changed',
      );
      await deliverCommitted(config, em, { sequenceIds: resumed.woken_sequence_ids, mailboxIds: [] });
      return resumed;
    }
    case 'reconcile':
      return withTemporal(config, (temporal) =>
        reconcile(
          { em, workflows: createWorkflowClients(temporal, config.temporalTaskQueue) },
          { organizationId: flags.org, fix: flags.fix ?? false },
        ),
      );
    case 'stats-check':
      return (await import('./admin-stats.ts')).statsCheck(em, flags.org, flags.fix ?? false);
    case 'erase':
      return runErase(em, config, flags);
    case 'privacy-scan':
      return runPrivacyScan(em, config, flags);
    default:
      throw new UsageError(`unknown command: ${command.join(' ') || '(none)'}`);
  }
}

const mailboxDeps = (em: EntityManager, config: Config): MailboxCommandDeps => ({
  em,
  config,
  env: process.env,
  readStdin,
  deliver: (commandEm, commands) => deliverCommitted(config, commandEm, commands),
});

/** A password on standard input is short: more than this is not one. */
const STDIN_MAX_BYTES = 64 * 1024;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > STDIN_MAX_BYTES) throw new MailUrlError('--password-stdin', 'standard input is too long for a password');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs `work` with a client of the configured Temporal (the dev server's port by default). */
async function withTemporal<T>(config: Config, work: (temporal: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({
    address: temporalAddress(config),
    ...temporalSecurity(config.temporalTls),
    connectTimeout: 5000,
  });
  try {
    return await work(new Client({ connection, namespace: config.temporalNamespace }));
  } finally {
    await connection.close();
  }
}

const temporalAddress = (config: Config) =>
  config.temporalAddress ?? `127.0.0.1:${process.env.TEMPORAL_DEV_PORT ?? 7233}`;

/**
 * Delivers the commands the CLI's change recorded with its rows: RUN_CHANGED of the runs it changed
 * (ended runs' workflows close now, runs a mailbox held try their email again) and MAILBOX_SYNC of
 * the mailboxes whose inbox sync starts or stops. Best effort within a few seconds: what is not
 * delivered now is delivered by the outbox drain (every worker runs it) once Temporal is back, so
 * the committed change the CLI prints stands either way.
 */
async function deliverCommitted(config: Config, em: EntityManager, commands: CommittedCommands): Promise<void> {
  if (commands.sequenceIds.length === 0 && commands.mailboxIds.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  try {
    const connection = await Promise.race([
      Connection.connect({
        address: temporalAddress(config),
        ...temporalSecurity(config.temporalTls),
        connectTimeout: 3000,
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 4000);
      }),
    ]);
    try {
      const deps = {
        workflows: createWorkflowClients(
          new Client({ connection, namespace: config.temporalNamespace }),
          config.temporalTaskQueue,
        ),
      };
      await deliverRunsChanged(em, deps, commands.sequenceIds);
      await deliverMailboxSyncs(em, deps, commands.mailboxIds);
    } finally {
      await connection.close();
    }
  } catch {
    // Not reachable now: the commands stay PENDING in the outbox and the drain delivers them.
  } finally {
    clearTimeout(timer);
  }
}

const USAGE = (await import('node:fs'))
  .readFileSync(new URL(import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('//   '))
  .map((l) => l.slice(5))
  .join('\n')
  .concat(SENDING_USAGE);

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n\nusage:\n${USAGE}`);
    return 2;
  }
  const flags = parsed.values as Flags;
  if (flags.help || parsed.positionals.length === 0) {
    console.log(`usage:\n${USAGE}`);
    return flags.help ? 0 : 2;
  }
  const config = loadConfig(withLocalSecretKey(process.env, loadConfig().dataDir));
  const database = await openDatabase(config);
  const orm = await openOrm({ databaseUrl: database.url, tls: database.tls, poolMax: 2 });
  let audit: { outcome: AuditOutcome; result?: unknown } = { outcome: 'FAILED' };
  try {
    await migrate(orm);
    const result = await run(orm, parsed.positionals, flags, config);
    audit = { outcome: 'SUCCEEDED', result };
    show(result, flags.json ?? false);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\nusage:\n${USAGE}`);
      return 2;
    }
    if (
      error instanceof admin.AdminError ||
      error instanceof MailboxError ||
      error instanceof MailUrlError ||
      error instanceof MailboxKeyError ||
      (error instanceof Error && /invalid input syntax for type uuid/.test(error.message))
    ) {
      console.error(`error: ${error.message.includes('uuid') ? 'an id is not a valid UUID' : error.message}`);
      return 1;
    }
    if (error instanceof Error && error.message.startsWith('Unknown scope')) {
      console.error(`error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await auditCommand(orm, parsed.positionals, flags, audit.outcome, audit.result).catch((error: unknown) =>
      console.error(`warning: the audit log entry was not written: ${String(error)}`),
    );
    await orm.close();
    await database.stop();
  }
}

process.exitCode = await main();
