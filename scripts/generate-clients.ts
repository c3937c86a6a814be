// `npm run clients`: regenerates the committed clients (clients/typescript/src/schema.ts and
// clients/python/outreach-workspace-client) from the OpenAPI document of a throwaway stack, the
// same one the API tests start (sandbox mode, loopback webhooks: the local stack's document), so
// the result is what test/api/clients.test.ts regenerates and compares. `-- --from <base URL>`
// reads a running service's document instead (the clients then describe that deployment).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fetchDocument } from './clients/document.ts';
import { PYTHON_PROJECT, TYPESCRIPT_SCHEMA } from './clients/paths.ts';
import { generatePython } from './clients/python.ts';
import { typescriptSchema } from './clients/typescript.ts';

const { values } = parseArgs({ options: { from: { type: 'string' } } });

async function liveDocument() {
  if (values.from) return fetchDocument(values.from);
  const { getStack, stopStack } = await import('../test/helpers/stack.ts');
  try {
    return await fetchDocument((await getStack()).url);
  } finally {
    await stopStack();
  }
}

const doc = await liveDocument();
writeFileSync(TYPESCRIPT_SCHEMA, await typescriptSchema(doc));
console.log(`[clients] ${TYPESCRIPT_SCHEMA}`);
const { warnings } = await generatePython(doc, PYTHON_PROJECT);
console.log(`[clients] ${PYTHON_PROJECT}`);
for (const warning of warnings) console.log(`[clients] openapi-python-client: ${warning}`);
process.exit(0);
