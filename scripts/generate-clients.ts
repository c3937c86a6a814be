// `npm run clients`: generates both clients from the committed OpenAPI document (openapi.json,
// written by `npm run openapi`), offline: clients/typescript/src/schema.ts by openapi-typescript
// and clients/python/outreach-workspace-client by openapi-python-client (installed into .tools/venv
// by `npm run tools` when missing). Neither is tracked (docs/clients.md); `npm test` runs this
// first, so the typecheck and the client tests see the clients of the committed document.
import { relative } from 'node:path';
import { committedDocument } from './openapi/committed.ts';
import { PYTHON_PROJECT } from './clients/paths.ts';
import { generatePython, PYTHON_LEFT_OUT } from './clients/python.ts';
import { writeTypescriptSchema } from './clients/typescript.ts';
import { projectRoot } from './tools.ts';

const doc = committedDocument();
console.log(`[clients] ${relative(projectRoot, await writeTypescriptSchema(doc))}`);
const { warnings } = await generatePython(doc, PYTHON_PROJECT);
console.log(`[clients] ${relative(projectRoot, PYTHON_PROJECT)}`);
const unexpected = warnings.filter((warning) => !PYTHON_LEFT_OUT.includes(warning));
for (const warning of unexpected) console.error(`[clients] openapi-python-client left out: ${warning}`);
process.exit(unexpected.length ? 1 : 0);
