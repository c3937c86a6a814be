// What the `mailboxes` benchmark prints of its clean, control and hostile rounds: each phase's
// figures, then the medians over the rounds and the ratios, each ratio taken within a round (the
// phases of a round ran back to back, so a machine that got busier weighs on all of them) and the
// median of those given with the rounds' own. hostile / clean is the figure the goals are about;
// control / clean and hostile / control split it into what the hostile mail costs the rest of the
// machine (the mail server receiving it, the benchmark sending it) and what reading it costs.
import { median, percentile } from './harness.ts';
import type { StepLag } from './mailboxes-steps.ts';

/** Latencies (ms, ascending) split by where the time went. */
export interface LatencySplit {
  /** Arrival -> the sync began recording the reply. */
  toRecording: number[];
  /** Recording began -> message.replied. */
  recordingToReplied: number[];
  /** Arrival -> message.replied of the replies that arrived within 5 s after a hostile message to their mailbox, and of the others. */
  nearHostile: number[];
  others: number[];
  /** Those behind a hostile message, by the case they were behind (the latest within 5 s). */
  byCase: Record<string, number[]>;
}

export interface Phase {
  mode: 'auto' | 'poll';
  label: string;
  kind: 'clean' | 'control' | 'hostile';
  /** When its window opened (ms since the epoch). */
  startedAt: number;
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
  /** Hostile messages sent, of which `huge` of `hugeMiB` MiB. */
  hostile: number;
  huge: number;
  hugeMiB: number;
  /** Inbox rows expected (replies and hostile messages) and recorded in the window. */
  expected: number;
  recorded: number;
  kinds: Record<string, number>;
  /** CPU ms per process from the window's start until everything was recorded (`bench`: this process). */
  cpuMs: Record<string, number>;
  windowMs: number;
  /** The mailbox worker's resident memory (MiB) when the window opened, its peak (sampled every 250 ms), and its peak while a huge message was read. */
  rssStart: number;
  rssPeak: number;
  rssPeakHuge: number;
  steps: StepLag | null;
  split: LatencySplit;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const mib = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
const ratio = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');
/** Mailbox worker CPU ms per message recorded. */
const perMessage = (p: Phase) => p.cpuMs['mailbox worker'] / Math.max(1, p.recorded);

function phaseLine(round: number, p: Phase, mailboxes: number): string {
  const kind = p.kind;
  const steps = p.steps
    ? `; step lag p50 ${ms(p.steps.p50)} ms, p95 ${ms(p.steps.p95)} ms, p99 ${ms(p.steps.p99)} ms (${p.steps.written}/${p.steps.started} written)`
    : '';
  return (
    `round ${round} ${kind}: ${p.replies} replies + ${p.hostile} hostile (${p.huge} of ${p.hugeMiB} MB) to ${mailboxes} mailboxes; ` +
    `arrival->message.replied p50 ${ms(p.p50)} ms, p95 ${ms(p.p95)} ms, p99 ${ms(p.p99)} ms, max ${ms(p.max)} ms; missed ${p.missed}, doubled ${p.doubled}; ` +
    `recorded ${p.recorded} of ${p.expected}; mailbox worker CPU ${perMessage(p).toFixed(2)} ms per message, RSS ${mib(p.rssStart)} MiB at the start, ` +
    `peak ${mib(p.rssPeak)} MiB, while a huge message was read ${mib(p.rssPeakHuge)} MiB${steps}`
  );
}

function splitLine(round: number, p: Phase): string {
  const pp = (values: number[]) => `p50 ${ms(percentile(values, 50))} ms, p95 ${ms(percentile(values, 95))} ms`;
  const { toRecording, recordingToReplied, nearHostile, others } = p.split;
  return (
    `  round ${round} ${p.kind}, where the time went: arrival->recording ${pp(toRecording)}; recording->message.replied ${pp(recordingToReplied)}; ` +
    `replies within 5 s after a hostile message to their mailbox ${nearHostile.length}, ${pp(nearHostile)}; others ${others.length}, ${pp(others)}`
  );
}

function caseLine(round: number, p: Phase): string {
  const cases = Object.entries(p.split.byCase)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([name, values]) => `${name} ${values.length}: ${ms(percentile(values, 50))}/${ms(values.at(-1) ?? Number.NaN)}`,
    );
  return `  round ${round} ${p.kind}, replies behind each case (n: p50/max ms): ${cases.join('; ')}`;
}

function cpuLine(round: number, p: Phase): string {
  const parts = Object.entries(p.cpuMs).map(([name, v]) => `${name} ${(v / 1000).toFixed(1)}`);
  return `  round ${round} ${p.kind}, CPU s over ${(p.windowMs / 1000).toFixed(0)} s: ${parts.join(', ')}`;
}

export interface Round {
  clean: Phase;
  /** Absent when the run has no control phase (BENCH_MAILBOX_CONTROL=0). */
  control?: Phase;
  hostile: Phase;
}

type Side = 'clean' | 'control' | 'hostile';

/** Prints every round's phases, the medians and the ratios. */
export function printHostileRounds(rounds: Round[], mailboxes: number): void {
  const sides = (round: Round) =>
    [round.clean, round.control, round.hostile]
      .filter((p): p is Phase => p !== undefined)
      .sort((a, b) => a.startedAt - b.startedAt);
  rounds.forEach((round, i) => {
    for (const p of sides(round)) {
      console.log(phaseLine(i + 1, p, mailboxes));
      console.log(splitLine(i + 1, p));
      if (p.kind === 'hostile') console.log(caseLine(i + 1, p));
      console.log(cpuLine(i + 1, p));
    }
    const kinds = Object.entries(round.hostile.kinds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    console.log(`  round ${i + 1} hostile, inbox rows by kind (replies and hostile): ${kinds}`);
  });
  const n = rounds.length;
  const present = (side: Side) => rounds.map((round) => round[side]).filter((p): p is Phase => p !== undefined);
  const of = (side: Side, f: (p: Phase) => number) => median(present(side).map(f));
  const total = (side: Side, f: (p: Phase) => number) => present(side).reduce((sum, p) => sum + f(p), 0);
  const summary = (side: Side) =>
    `arrival->message.replied p50 ${ms(of(side, (p) => p.p50))} ms, p95 ${ms(of(side, (p) => p.p95))} ms, ` +
    `p99 ${ms(of(side, (p) => p.p99))} ms; missed ${total(side, (p) => p.missed)}, doubled ${total(side, (p) => p.doubled)} (all rounds); ` +
    `mailbox worker CPU ${of(side, perMessage).toFixed(2)} ms per message; RSS peak ${mib(of(side, (p) => p.rssPeak))} MiB; ` +
    `step lag p50 ${ms(of(side, (p) => p.steps?.p50 ?? Number.NaN))} ms, p95 ${ms(of(side, (p) => p.steps?.p95 ?? Number.NaN))} ms`;
  console.log(`clean, medians of ${n} rounds: ${summary('clean')}`);
  if (present('control').length) console.log(`control, medians of ${n} rounds: ${summary('control')}`);
  // The hostile messages' own cost: the phase's CPU less its replies at the clean phase's price, per hostile message.
  const extra = (round: Round) => {
    const h = round.hostile;
    return (h.cpuMs['mailbox worker'] - perMessage(round.clean) * (h.recorded - h.hostile)) / Math.max(1, h.hostile);
  };
  const huge = rounds.map((round) => round.hostile.rssPeakHuge).filter(Number.isFinite);
  console.log(
    `hostile, medians of ${n} rounds: ${summary('hostile')}; while a huge message was read ${mib(of('hostile', (p) => p.rssPeakHuge))} MiB ` +
      `(highest ${mib(huge.length ? Math.max(...huge) : Number.NaN)} MiB); CPU per hostile message beyond the replies' ${median(rounds.map(extra)).toFixed(1)} ms`,
  );
  const show = (label: string, top: Side, bottom: Side, f: (p: Phase) => number) => {
    const r = rounds.filter((round) => round[top] && round[bottom]).map((round) => f(round[top]!) / f(round[bottom]!));
    return `${label} ${ratio(median(r))} (rounds ${r.map(ratio).join(', ')})`;
  };
  const lag95 = (p: Phase) => p.steps?.p95 ?? Number.NaN;
  const lag50 = (p: Phase) => p.steps?.p50 ?? Number.NaN;
  console.log(
    `hostile / clean, medians of the rounds' ratios: ${show('reply p95', 'hostile', 'clean', (p) => p.p95)}; ${show('reply p50', 'hostile', 'clean', (p) => p.p50)}; ` +
      `${show('step lag p95', 'hostile', 'clean', lag95)}; ${show('step lag p50', 'hostile', 'clean', lag50)}; ` +
      `${show('CPU per message', 'hostile', 'clean', perMessage)} (goal: p95 ratios <= 1.20, none missed or doubled)`,
  );
  if (present('control').length) {
    console.log(
      `control / clean (the mail server receiving the hostile mail, no sync reading it): ${show('reply p95', 'control', 'clean', (p) => p.p95)}; ` +
        `${show('reply p50', 'control', 'clean', (p) => p.p50)}; ${show('step lag p95', 'control', 'clean', lag95)}; ${show('step lag p50', 'control', 'clean', lag50)}`,
    );
    console.log(
      `hostile / control (the syncs reading it): ${show('reply p95', 'hostile', 'control', (p) => p.p95)}; ${show('reply p50', 'hostile', 'control', (p) => p.p50)}; ` +
        `${show('step lag p95', 'hostile', 'control', lag95)}; ${show('step lag p50', 'hostile', 'control', lag50)}`,
    );
  }
}
