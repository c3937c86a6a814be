// The examples of the OpenAPI document come from the route declaration: a named schema carries its
// example from api/examples/ (a page one page of its item's), an operation shows its own only where
// its route declares one, and a path parameter the example id of its name unless the route says
// otherwise. (test/api/openapi-examples.test.ts proves the examples against the live API.)
import assert from 'node:assert/strict';
import { buildOpenApi } from '../../api/openapi.ts';
import { defineRoute } from '../../api/route.ts';
import { envelopeSchema } from '../../api/pagination.ts';
import { EXAMPLE_IDS } from '../../api/examples/ids.ts';
import { SCHEMA_EXAMPLES } from '../../api/examples/index.ts';
import { idParams } from '../../api/schemas/common.schemas.ts';
import { contactSchema, contactUpsertSchema } from '../../api/schemas/people.schemas.ts';
import type { JsonSchema } from '../../api/validation.ts';

type Media = { schema: JsonSchema; example?: unknown };
type Operation = {
  parameters: { name: string; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema & { examples?: unknown[] }> };
};

const handler = () => ({ status: 200 });
const unowned = { ...(SCHEMA_EXAMPLES.Contact as object), owner: null };

const doc = buildOpenApi([
  defineRoute({
    method: 'GET',
    path: '/contacts/{contact_id}',
    auth: 'key',
    scope: null,
    operationId: 'read',
    summary: 'x',
    tags: ['T'],
    params: idParams('contact_id'),
    responses: { 200: { description: 'ok', schema: contactSchema } },
    handler,
  }),
  defineRoute({
    method: 'GET',
    path: '/contacts',
    auth: 'key',
    scope: null,
    operationId: 'list',
    summary: 'x',
    tags: ['T'],
    query: { type: 'object', properties: { email: { type: 'string' }, size: { type: 'integer' } } },
    requestExample: { query: { email: 'ada@example.com' } },
    responses: { 200: { description: 'ok', schema: envelopeSchema(contactSchema) } },
    handler,
  }),
  defineRoute({
    method: 'POST',
    path: '/others/{contact_id}',
    auth: 'key',
    scope: null,
    operationId: 'write',
    summary: 'x',
    tags: ['T'],
    params: idParams('contact_id'),
    body: contactUpsertSchema,
    requestExample: { params: { contact_id: EXAMPLE_IDS.account }, body: { email: 'grace@example.org' } },
    responses: { 200: { description: 'ok', schema: contactSchema, example: unowned } },
    handler,
  }),
]) as Doc;

describe('OpenAPI examples from the route declaration', () => {
  it("when a named schema has an example, then the component carries it under examples, and a page one page of its item's", () => {
    assert.deepEqual(doc.components.schemas.Contact.examples, [SCHEMA_EXAMPLES.Contact]);
    assert.deepEqual(doc.components.schemas.ContactUpsert.examples, [SCHEMA_EXAMPLES.ContactUpsert]);
    assert.deepEqual(doc.components.schemas.ContactPage.examples, [
      { items: [SCHEMA_EXAMPLES.Contact], total_count: 1, total_pages: 1, has_more: false },
    ]);
    assert.equal(doc.components.schemas.Owner.examples?.length, 1);
  });

  it("when a route declares no example, then its media types show none of their own (the schema's is the example), and its path parameter the one of its name", () => {
    const read = doc.paths['/contacts/{contact_id}'].get;
    assert.equal(read.responses['200'].content?.['application/json'].example, undefined);
    assert.equal(read.parameters.find((p) => p.name === 'contact_id')?.example, EXAMPLE_IDS.contact);
    const list = doc.paths['/contacts'].get;
    assert.deepEqual(
      list.parameters.map((p) => [p.name, p.example]),
      [
        ['email', 'ada@example.com'],
        ['size', undefined],
      ],
    );
  });

  it('when a route declares its request and answer, then the document shows them on its media types and parameters', () => {
    const write = doc.paths['/others/{contact_id}'].post;
    assert.deepEqual(write.requestBody?.content['application/json'].example, { email: 'grace@example.org' });
    assert.deepEqual(write.responses['200'].content?.['application/json'].example, unowned);
    assert.equal(write.parameters.find((p) => p.name === 'contact_id')?.example, EXAMPLE_IDS.account);
    assert.equal(
      write.responses['400'].content?.['application/json'].example,
      undefined,
      "error answers show the Error schema's example",
    );
  });
});
