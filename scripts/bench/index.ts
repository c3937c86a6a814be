// `npm run bench -- <name>`: runs one benchmark by name and prints its figures.
import { benchEvents } from './events.bench.ts';
import { benchLists } from './lists.bench.ts';
import { benchMe } from './me.bench.ts';
import { benchContacts, benchSearch } from './people.bench.ts';
import { benchResolution } from './resolution.bench.ts';
import { benchSequences } from './sequences.bench.ts';
import { benchSignalChecks } from './signal-checks.bench.ts';
import { benchSignals } from './signals.bench.ts';
import { benchWebhooks } from './webhooks.bench.ts';

const benchmarks: Record<string, () => Promise<void>> = { me: benchMe, contacts: benchContacts, search: benchSearch, webhooks: benchWebhooks, sequences: benchSequences, lists: benchLists, events: benchEvents, resolution: benchResolution, signals: benchSignals, 'signal-checks': benchSignalChecks };

const name = process.argv[2];
const run = name ? benchmarks[name] : undefined;
if (!run) {
  console.error(`usage: npm run bench -- <${Object.keys(benchmarks).join('|')}>`);
  process.exit(2);
}
await run();
process.exit(0);
