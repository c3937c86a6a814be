// `npm run bench -- <name> [--before <ref>]`: runs one benchmark by name and prints its figures; with
// --before (or BENCH_BEFORE_REF) it runs the same benchmark on that git ref first and prints both.
// `npm run bench -- cluster --tls` compares the plain-text cluster with the mTLS one; `--rollout`
// rolls a new build of the workers out under load instead of the faults.
import { runBeforeAndAfter } from './before.ts';

// Each benchmark's module is loaded only when it runs: the --before side runs this checkout's
// benchmarks against an older tree, which may lack what another benchmark imports.
const benchmarks: Record<string, () => Promise<unknown>> = {
  me: async () => (await import('./me.bench.ts')).benchMe(),
  contacts: async () => (await import('./people.bench.ts')).benchContacts(),
  search: async () => (await import('./people.bench.ts')).benchSearch(),
  webhooks: async () => (await import('./webhooks.bench.ts')).benchWebhooks(),
  sequences: async () => (await import('./sequences.bench.ts')).benchSequences(),
  'enrollment-trace': async () => (await import('./enrollment-trace.bench.ts')).benchEnrollmentTrace(),
  lists: async () => (await import('./lists.bench.ts')).benchLists(),
  events: async () => (await import('./events.bench.ts')).benchEvents(),
  resolution: async () => (await import('./resolution.bench.ts')).benchResolution(),
  signals: async () => (await import('./signals.bench.ts')).benchSignals(),
  'signal-checks': async () => (await import('./signal-checks.bench.ts')).benchSignalChecks(),
  'rate-limit': async () => (await import('./rate-limit.bench.ts')).benchRateLimit(),
  mixed: async () => (await import('./mixed.bench.ts')).benchMixed(),
  compression: async () => (await import('./compression.bench.ts')).benchCompression(),
  cluster: async () =>
    (await import('./cluster.bench.ts')).benchCluster({
      tls: process.argv.includes('--tls'),
      rollout: process.argv.includes('--rollout'),
    }),
  mailboxes: async () => (await import('./mailboxes.bench.ts')).benchMailboxes(),
  'mail-signing': async () => (await import('./mail-signing.bench.ts')).benchMailSigning(),
  erasure: async () => (await import('./erasure.bench.ts')).benchErasure(),
  audit: async () => (await import('./audit.bench.ts')).benchAudit(),
  pool: async () => (await import('./pool.bench.ts')).benchPool(),
  pacing: async () => (await import('./pacing.bench.ts')).benchPacing(),
  rotation: async () => (await import('./rotation.bench.ts')).benchRotation(),
  stats: async () => (await import('./stats.bench.ts')).benchStats(),
};

// The rate limiter stays on (its cost is in every figure), with budgets no benchmark reaches: the API
// children inherit these. Set RATE_LIMIT_ENABLED=false (or other RATE_LIMIT_*) to compare.
for (const variable of ['RATE_LIMIT_PER_KEY', 'RATE_LIMIT_PER_ORG', 'RATE_LIMIT_ENRICHMENT_PER_ORG'])
  process.env[variable] ??= '1000000000';

const [name, flag, flagRef] = process.argv.slice(2);
const run = name ? benchmarks[name] : undefined;
const beforeRef = flag === '--before' ? flagRef : process.env.BENCH_BEFORE_REF;
const clusterFlags = name === 'cluster' && process.argv.slice(3).every((f) => f === '--tls' || f === '--rollout');
if (!run || (flag !== undefined && !clusterFlags && (flag !== '--before' || !flagRef))) {
  console.error(
    `usage: npm run bench -- <${Object.keys(benchmarks).join('|')}> [--before <git ref>] (cluster: [--tls] [--rollout])`,
  );
  process.exit(2);
}
if (beforeRef) await runBeforeAndAfter(name, beforeRef);
else await run();
process.exit(0);
