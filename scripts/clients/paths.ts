// Where the clients live: the generated parts (not tracked; `npm run clients` writes them) and the
// hand-written ones beside them.
import { join } from 'node:path';
import { projectRoot } from '../tools.ts';

export const TYPESCRIPT_CLIENT = join(projectRoot, 'clients', 'typescript');
/** The generated types; the rest of clients/typescript/src is written by hand and tracked. */
export const TYPESCRIPT_SCHEMA = join(TYPESCRIPT_CLIENT, 'src', 'schema.ts');
export const PYTHON_CLIENT = join(projectRoot, 'clients', 'python');
/** The generated project, replaced whole on each generation. */
export const PYTHON_PROJECT = join(PYTHON_CLIENT, 'outreach-workspace-client');
