// Whether the service reads an environment variable: config.ts reads most by name; the TLS and
// versioning settings are parsed beside the code that uses them, called from config.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../scripts/tools.ts';

const READERS = ['config.ts', 'temporal/tls.ts', 'temporal/worker-versioning.ts', 'db/database-tls.ts'].map((file) =>
  readFileSync(join(projectRoot, file), 'utf8'),
);

export function serviceReads(variable: string): boolean {
  return READERS.some((source) => source.includes(`'${variable}'`) || source.includes(`env.${variable}`));
}
