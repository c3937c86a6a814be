// The hostile mix of the `mailboxes` benchmark: extra messages drawn from the hostile corpus
// (test/helpers/hostile-mail.ts) delivered to the same mailboxes as the genuine replies, spread
// evenly through the phase's window. Every case of the corpus but the huge one, cycled so that each
// mailbox gets different cases, plus the mail that claims an authority it lacks (a forged
// plain-text bounce, a stranger's "unsubscribe", the contact's own with DMARC failed, a reply
// without Message-ID); the huge message (25 MB by default) only `hugeCount` times a phase, so a
// run fits the machine. The messages are built before the window opens, so building them costs
// the benchmark nothing while it measures. Also what the phase measures besides latencies: the
// resident memory of the mailbox worker sampled every 250 ms, and the CPU time of each process.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import {
  forgedTextBounce,
  hostileCorpus,
  replyWithoutMessageId,
  unsubscribeReply,
  type HostileIds,
  type HostileMail,
} from '../../test/helpers/hostile-mail.ts';
import { cpuMs } from './cpu-time.ts';
import { memoryMiB } from './process-stats.ts';

export interface HostileSettings {
  /** Hostile messages per genuine reply (0.1: 10% extra). */
  share: number;
  /** Huge messages a phase at most. */
  hugeCount: number;
  /** Size of the huge message. */
  hugeBytes: number;
}

export interface PlannedHostile {
  /** Sent right after the genuine reply of this index. */
  after: number;
  /** Index of the mailbox it is delivered to. */
  mailbox: number;
  name: string;
  raw: string | Buffer;
  /** SMTP envelope sender: the address its From claims. */
  envelopeFrom: string;
  /** Its Message-ID, bare, or null. */
  messageId: string | null;
  huge: boolean;
}

/** The Message-ID a raw message's head names, bare. */
function messageIdOf(raw: string | Buffer): string | null {
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'latin1') : raw;
  const end = bytes.indexOf('\r\n\r\n');
  const head = bytes.toString('latin1', 0, end < 0 ? Math.min(bytes.length, 1024 * 1024) : end);
  return /^Message-ID:\s*<([^>\r\n]+)>/im.exec(head)?.[1] ?? null;
}

/** The cases a mailbox's prospect may send besides the corpus: authority the mail does not have. */
function authorityCases(ids: HostileIds): HostileMail[] {
  const stranger = 'someone@stranger.example';
  return [
    forgedTextBounce(ids),
    {
      name: 'stranger-unsubscribe',
      from: stranger,
      shape: 'THREADED_REPLY',
      raw: unsubscribeReply(ids, { from: stranger }).raw,
    },
    {
      name: 'unsubscribe-dmarc-fail',
      from: ids.prospect,
      shape: 'THREADED_REPLY',
      raw: unsubscribeReply(ids, { from: ids.prospect, dmarc: 'fail' }).raw,
    },
    // Its dedupe key is a digest of its fields and text: a token keeps each one new.
    {
      name: 'reply-without-message-id',
      from: ids.prospect,
      shape: 'THREADED_REPLY',
      raw: replyWithoutMessageId(ids, `No Message-ID here, ${randomUUID()}.`),
    },
  ];
}

/** Every case but the huge one, for one mailbox's prospect (the corpus built with a small huge message, left out). */
function ordinaryCases(ids: HostileIds): HostileMail[] {
  return [
    ...hostileCorpus(ids, { hugeBytes: 1024 }).filter((c) => !c.name.startsWith('huge-')),
    ...authorityCases(ids),
  ];
}

/** The huge case alone (the corpus's other cases built as small as its options allow, and dropped). */
function hugeCase(ids: HostileIds, bytes: number): HostileMail {
  return hostileCorpus(ids, { hugeBytes: bytes, bounceAddresses: 1, references: 1, parts: 1 }).find((c) =>
    c.name.startsWith('huge-'),
  )!;
}

/**
 * The hostile messages of one phase: round(genuine × share) of them, one after every tenth or so
 * genuine reply, mailbox after mailbox; each mailbox goes through the cases in its own order (no
 * case twice until it has had them all); `hugeCount` of them, evenly spaced, are the huge message.
 */
export function planHostile(genuine: number, mailboxes: HostileIds[], settings: HostileSettings): PlannedHostile[] {
  const total = Math.round(genuine * settings.share);
  const huge = Math.min(settings.hugeCount, total);
  // Evenly spaced, each one position later than the last (+ i), so that they go to different mailboxes.
  const hugeAt = new Set(
    Array.from({ length: huge }, (_, i) => Math.min(total - 1, Math.floor(((i + 0.5) * total) / huge) + i)),
  );
  const pools = new Map<number, HostileMail[]>();
  const used = new Map<number, number>();
  const planned: PlannedHostile[] = [];
  for (let k = 0; k < total; k++) {
    const m = k % mailboxes.length;
    const ids = mailboxes[m];
    let mail: HostileMail;
    if (hugeAt.has(k)) {
      mail = hugeCase(ids, settings.hugeBytes);
    } else {
      const n = used.get(m) ?? 0;
      let pool = pools.get(m);
      // A fresh corpus (new Message-IDs) each time the mailbox has had every case.
      if (!pool || n % pool.length === 0) pools.set(m, (pool = ordinaryCases(ids)));
      mail = pool[(m + n) % pool.length];
      used.set(m, n + 1);
    }
    planned.push({
      after: Math.min(genuine - 1, Math.floor(((k + 0.5) * genuine) / total)),
      mailbox: m,
      name: mail.name,
      raw: mail.raw,
      envelopeFrom: mail.from,
      messageId: messageIdOf(mail.raw),
      huge: hugeAt.has(k),
    });
  }
  return planned;
}

/** Every case once (the huge one when `hugeBytes`), for one mailbox: the warm-up before the measured phases. */
export function warmUpMail(ids: HostileIds, hugeBytes: number): PlannedHostile[] {
  const mail = [...ordinaryCases(ids), ...(hugeBytes ? [hugeCase(ids, hugeBytes)] : [])];
  return mail.map((m) => ({
    after: 0,
    mailbox: 0,
    name: m.name,
    raw: m.raw,
    envelopeFrom: m.from,
    messageId: messageIdOf(m.raw),
    huge: m.name.startsWith('huge-'),
  }));
}

/** The resident memory of a process, sampled every `everyMs` until stopped. */
export function rssSampler(pid: number, everyMs = 250): { stop(): { at: number; rss: number }[] } {
  const samples: { at: number; rss: number }[] = [];
  const sample = () => {
    const rss = memoryMiB(pid).rss;
    if (Number.isFinite(rss)) samples.push({ at: Date.now(), rss });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}

/** The highest sample within [from, to] (NaN when none). */
export function peakBetween(samples: { at: number; rss: number }[], from = -Infinity, to = Infinity): number {
  const within = samples.filter((s) => s.at >= from && s.at <= to);
  return within.length ? Math.max(...within.map((s) => s.rss)) : Number.NaN;
}

/** The pid of the process whose command line holds `fragment` (e.g. GreenMail's port flag), or NaN. */
export function pidWithArgument(fragment: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(fragment)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return Number.NaN;
}

/** CPU ms of named processes (this one by process.cpuUsage) from now on. */
export function cpuSince(pids: Record<string, number>): () => Record<string, number> {
  const self = process.cpuUsage();
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  return () => {
    const used = process.cpuUsage(self);
    return {
      ...Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - start[name]])),
      bench: (used.user + used.system) / 1000,
    };
  };
}
