// `npm run openapi`: rewrites the committed OpenAPI document (openapi.json) from the route table,
// with no database or Temporal (scripts/openapi/build.ts). Run it after changing a route or a
// schema and commit the result; test/unit/openapi-document.test.ts fails while the file is stale.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { documentDifferences } from './openapi/differences.ts';
import { serviceDocument } from './openapi/build.ts';
import { documentText, OPENAPI_FILE } from './openapi/committed.ts';
import { projectRoot } from './tools.ts';

const doc = serviceDocument();
const text = documentText(doc);
const before = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : undefined;
writeFileSync(OPENAPI_FILE, text);
const file = relative(projectRoot, OPENAPI_FILE);
if (before === text) console.log(`[openapi] ${file}: unchanged`);
else if (before === undefined) console.log(`[openapi] ${file}: written`);
else
  console.log(
    `[openapi] ${file}: rewritten; first changes at ${documentDifferences(JSON.parse(before), doc).join(', ') || 'the formatting'}`,
  );
