// Whether the service reads an environment variable: config.ts reads every one by name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../scripts/tools.ts';

const CONFIG_SOURCE = readFileSync(join(projectRoot, 'config.ts'), 'utf8');

export function serviceReads(variable: string): boolean {
  return CONFIG_SOURCE.includes(`'${variable}'`);
}
