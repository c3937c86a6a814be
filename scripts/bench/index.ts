// `npm run bench -- <name> [--before <ref>]`: runs one benchmark by name and prints its figures; with
// --before (or BENCH_BEFORE_REF) it runs the same benchmark on that git ref first and prints both.
// `npm run bench -- cluster --tls` compares the plain-text cluster with the mTLS one; `--rollout`
// rolls a new build of the workers out under load instead of the faults.
import { runBeforeAndAfter } from './before.ts';
import { benchCluster } from './cluster.bench.ts';
import { benchCompression } from './compression.bench.ts';
import { benchEnrollmentTrace } from './enrollment-trace.bench.ts';
import { benchAudit } from './audit.bench.ts';
import { benchErasure } from './erasure.bench.ts';
import { benchEvents } from './events.bench.ts';
import { benchLists } from './lists.bench.ts';
import { benchMailboxes } from './mailboxes.bench.ts';
import { benchMailSigning } from './mail-signing.bench.ts';
import { benchMe } from './me.bench.ts';
import { benchMixed } from './mixed.bench.ts';
import { benchPacing } from './pacing.bench.ts';
import { benchContacts, benchSearch } from './people.bench.ts';
import { benchResolution } from './resolution.bench.ts';
import { benchRateLimit } from './rate-limit.bench.ts';
import { benchRotation } from './rotation.bench.ts';
import { benchSequences } from './sequences.bench.ts';
import { benchSignalChecks } from './signal-checks.bench.ts';
import { benchSignals } from './signals.bench.ts';
import { benchStats } from './stats.bench.ts';
import { benchWebhooks } from './webhooks.bench.ts';

const benchmarks: Record<string, () => Promise<unknown>> = {
  me: benchMe,
  contacts: benchContacts,
  search: benchSearch,
  webhooks: benchWebhooks,
  sequences: benchSequences,
  'enrollment-trace': benchEnrollmentTrace,
  lists: benchLists,
  events: benchEvents,
  resolution: benchResolution,
  signals: benchSignals,
  'signal-checks': benchSignalChecks,
  'rate-limit': benchRateLimit,
  mixed: () => benchMixed(),
  compression: benchCompression,
  cluster: () => benchCluster({ tls: process.argv.includes('--tls'), rollout: process.argv.includes('--rollout') }),
  mailboxes: benchMailboxes,
  'mail-signing': benchMailSigning,
  erasure: benchErasure,
  audit: benchAudit,
  pacing: benchPacing,
  rotation: benchRotation,
  stats: benchStats,
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
