// `npm run bench -- mailboxes`: the inbox sync end to end (embedded PostgreSQL, Temporal dev server,
// GreenMail, `node worker.ts` as a child). BENCH_MAILBOXES (50) connected mailboxes, each with a run
// whose email a prospect answers; BENCH_MAILBOX_RATE (20) replies a second spread over them for
// BENCH_MAILBOX_SECONDS (60), once with IDLE and once polling (MAILBOX_SYNC_MODE=poll). Prints the
// time from the reply's arrival (GreenMail's SMTP accepted it) to message.replied (p50/p95/p99),
// replies missed and doubled, the worker's memory and its IMAP connections per mailbox.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { MailboxCredentials } from '../../domain/mailboxes/credentials.ts';
import { startGreenMail } from '../greenmail.ts';
import { startTemporalDevServer } from '../local-stack.ts';
import { projectRoot, temporalCli } from '../tools.ts';
import { activeTemplate, benchDb, insertVerifiedContacts } from './fixtures.ts';
import { benchDatabase, envNumber, freePort, percentile, sleep, stopChild } from './harness.ts';
import { connectionsTo, memoryMiB } from './process-stats.ts';

const SECRET_KEY = 'bench-mailbox-secret-key';
const PASSWORD = 'bench-password';

interface Phase {
  mode: 'auto' | 'poll';
  replies: number;
  missed: number;
  doubled: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rssMiB: number;
  peakMiB: number;
  imapConnections: number;
}

export async function benchMailboxes(): Promise<void> {
  const count = envNumber('BENCH_MAILBOXES', 50);
  const rate = envNumber('BENCH_MAILBOX_RATE', 20);
  const seconds = envNumber('BENCH_MAILBOX_SECONDS', 60);
  const database = await benchDatabase();
  const orm = await openOrm({ databaseUrl: database.url, poolMax: 8 });
  await migrate(orm);
  const temporal = await startTemporalDevServer({ cli: temporalCli(), port: await freePort(), uiPort: null, dbFile: null });
  const greenmail = await startGreenMail();
  const db = () => benchDb(orm);
  const org = await admin.bootstrap(orm.em.fork(), { orgName: 'Bench', ownerEmail: 'bench@example.com', ownerName: 'Bench' });
  const organizationId = org.organization_id;
  const credentials = new MailboxCredentials(SECRET_KEY);
  const prospectLogin = 'prospects@prospect.test';
  await greenmail.addUser(prospectLogin, PASSWORD);

  // Each mailbox: a sender, their connected mailbox, and one ACTIVE run whose first email went out (the Message-ID a reply names).
  const templateId = await activeTemplate(orm, organizationId, org.user_id, 'Bench inbox', [{ type: 'EMAIL', delay_days: 0, subject: 'Quick question', body: 'Hello' }]);
  const senders: { address: string; messageId: string }[] = [];
  const contactIds: string[] = Array.from({ length: count }, () => randomUUID());
  await insertVerifiedContacts(orm, organizationId, contactIds, (id) => `prospect-${contactIds.indexOf(id)}@prospect.test`);
  for (let i = 0; i < count; i++) {
    const address = `sender-${i}@sender.test`;
    await greenmail.addUser(address, PASSWORD);
    const user = await admin.createUser(orm.em.fork(), { organizationId, email: address, name: `Sender ${i}` });
    const urls = greenmail.urls(address, PASSWORD);
    const now = new Date();
    await db().insertInto('mailboxes').values({
      id: randomUUID(), organization_id: organizationId, user_id: user.id, email: address, smtp_url_encrypted: credentials.seal(urls.smtpUrl),
      imap_url_encrypted: credentials.seal(urls.imapUrl), status: 'CONNECTED', created_at: now, updated_at: now,
    }).execute();
    const sequenceId = randomUUID();
    await db().insertInto('sequences').values({
      id: sequenceId, organization_id: organizationId, contact_id: contactIds[i], sequence_template_id: templateId, status: 'ACTIVE', current_step: 1,
      variables: {}, sender_id: user.id, created_at: now, updated_at: now,
    }).execute();
    const messageId = `<bench-${i}-${randomUUID()}@sender.test>`;
    await db().insertInto('messages').values({
      id: randomUUID(), organization_id: organizationId, contact_id: contactIds[i], sequence_id: sequenceId, channel: 'EMAIL', direction: 'OUTBOUND',
      kind: 'MESSAGE', subject: 'Quick question', body: 'Hello', step_number: 1, provider_message_id: messageId, sent_at: now, created_at: now,
    }).execute();
    senders.push({ address, messageId });
  }

  const smtp = nodemailer.createTransport({ host: greenmail.host, port: greenmail.smtpPort, secure: false, pool: true, maxConnections: 4, auth: { user: prospectLogin, pass: PASSWORD } });
  const reply = (i: number, token: string) => {
    const sender = senders[i % count];
    const raw = `From: Pat <prospect-${i % count}@prospect.test>\r\nTo: ${sender.address}\r\nSubject: Re: Quick question\r\nMessage-ID: <${token}@prospect.test>\r\n`
      + `In-Reply-To: ${sender.messageId}\r\nReferences: ${sender.messageId}\r\nDate: ${new Date().toUTCString()}\r\n\r\nWho is this? token ${token}\r\n`;
    return smtp.sendMail({ envelope: { from: prospectLogin, to: sender.address }, raw });
  };
  /** Replies recorded (their INBOUND message, written with message.replied), by token. */
  const recorded = async (prefix: string) => {
    const rows = await db().selectFrom('messages').select(['body', 'created_at'])
      .where('organization_id', '=', organizationId).where('direction', '=', 'INBOUND').where('body', 'like', `Who is this? token ${prefix}%`).execute();
    const byToken = new Map<string, number[]>();
    for (const row of rows) {
      const token = /token (\S+)/.exec(row.body)?.[1] ?? '';
      byToken.set(token, [...(byToken.get(token) ?? []), new Date(row.created_at).getTime()]);
    }
    return byToken;
  };

  const taskQueue = `bench-${randomUUID()}`;
  const startWorker = (mode: 'auto' | 'poll'): ChildProcess => spawn(process.execPath, [join(projectRoot, 'worker.ts')], {
    env: {
      ...process.env, DATABASE_URL: database.url, TEMPORAL_ADDRESS: temporal.address, TEMPORAL_TASK_QUEUE: taskQueue, WEBHOOK_SECRET_KEY: SECRET_KEY,
      MAILBOX_SYNC_MODE: mode, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', WORKER_METRICS_PORT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  async function phase(mode: 'auto' | 'poll'): Promise<Phase> {
    const worker = startWorker(mode);
    try {
      // A probe per mailbox: every sync is reading (after a restart, the old runs' attempts have timed out and moved here).
      const probes = Array.from({ length: count }, (_, i) => `${mode}-probe-${i}`);
      await Promise.all(probes.map((token, i) => reply(i, token)));
      const probeDeadline = Date.now() + 180_000;
      while ((await recorded(`${mode}-probe-`)).size < count) {
        if (Date.now() > probeDeadline) throw new Error(`${mode}: the syncs did not all start`);
        await sleep(500);
      }
      console.log(`${mode}: ${count} mailboxes syncing; ${rate} replies/s for ${seconds} s`);
      const total = Math.round(rate * seconds);
      const sentAt = new Map<string, number>();
      const sends: Promise<unknown>[] = [];
      let rss = 0;
      let connections = 0;
      const started = Date.now();
      for (let k = 0; k < total; k++) {
        const due = started + (k * 1000) / rate;
        if (due > Date.now()) await sleep(due - Date.now());
        const token = `${mode}-${k}`;
        sends.push(reply(k, token).then(() => sentAt.set(token, Date.now())));
        if (k % rate === 0 && worker.pid) {
          rss = Math.max(rss, memoryMiB(worker.pid).rss);
          connections = Math.max(connections, connectionsTo(worker.pid, greenmail.imapPort));
        }
      }
      await Promise.all(sends);
      const deadline = Date.now() + 60_000;
      let got = await recorded(`${mode}-`);
      while ([...sentAt.keys()].some((t) => !got.has(t)) && Date.now() < deadline) {
        await sleep(500);
        got = await recorded(`${mode}-`);
      }
      const latencies = [...sentAt.entries()].filter(([t]) => got.has(t)).map(([t, at]) => Math.max(0, got.get(t)![0] - at)).sort((a, b) => a - b);
      const memory = worker.pid ? memoryMiB(worker.pid) : { rss: Number.NaN, peak: Number.NaN };
      return {
        mode, replies: total, missed: [...sentAt.keys()].filter((t) => !got.has(t)).length, doubled: [...sentAt.keys()].filter((t) => (got.get(t)?.length ?? 0) > 1).length,
        p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN,
        rssMiB: Math.max(rss, memory.rss), peakMiB: memory.peak, imapConnections: connections,
      };
    } finally {
      await stopChild(worker, 30_000);
    }
  }

  try {
    const results = [await phase('auto'), await phase('poll')];
    for (const r of results) {
      console.log(`${r.mode === 'auto' ? 'IDLE' : 'poll (15 s)'}: ${r.replies} replies to ${count} mailboxes; arrival->message.replied p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, max ${r.max} ms; `
        + `missed ${r.missed}, doubled ${r.doubled}; worker RSS ${r.rssMiB.toFixed(0)} MiB (peak ${r.peakMiB.toFixed(0)} MiB), IMAP connections ${r.imapConnections} (${(r.imapConnections / count).toFixed(2)} per mailbox)`);
    }
  } finally {
    smtp.close();
    await greenmail.stop();
    await temporal.stop();
    await orm.close();
    await database.stop();
  }
}
