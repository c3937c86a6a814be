// Named schemas: a schema named where it is defined appears once in components.schemas and is
// referenced wherever the document meets it, through defineRoute's NUL transform too; Ajv compiles
// the same schema as before; two different schemas under one name stop the build.
import assert from 'node:assert/strict';
import { buildOpenApi } from '../../api/openapi.ts';
import { defineRoute, type RouteDef } from '../../api/route.ts';
import { named, nameOf } from '../../api/schemas/named.ts';
import { storableStrings } from '../../api/schemas/storable.ts';
import { NO_NUL_PATTERN } from '../../api/schemas/identifiers.schemas.ts';
import { envelopeSchema } from '../../api/pagination.ts';
import { bodyValidator, type JsonSchema } from '../../api/validation.ts';

type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };
type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

const route = (path: string, body: JsonSchema | undefined, response: JsonSchema): RouteDef =>
  defineRoute({
    method: 'POST',
    path,
    auth: 'key',
    scope: null,
    operationId: `op${path.replace(/\W/g, '')}`,
    summary: 'x',
    tags: ['T'],
    ...(body ? { body } : {}),
    responses: { 200: { description: 'ok', schema: response } },
    handler: () => ({ status: 200 }),
  });

describe('named schemas in the OpenAPI document', () => {
  it('when a named schema is used in a response, a nested property, an array and a oneOf branch, then each use is a $ref to one component', () => {
    const owner = named('TestOwner', { type: 'object', properties: { name: { type: 'string' } } });
    const thing = named('TestThing', {
      type: 'object',
      properties: { owner, owners: { type: 'array', items: owner }, maybe: { oneOf: [owner, { type: 'null' }] } },
    });
    const doc = buildOpenApi([route('/a', undefined, thing), route('/b', undefined, envelopeSchema(thing))]) as Doc;
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    assert.deepEqual(doc.paths['/a'].post.responses['200'].content?.['application/json'].schema, ref('TestThing'));
    assert.deepEqual(doc.paths['/b'].post.responses['200'].content?.['application/json'].schema, ref('TestThingPage'));
    const props = doc.components.schemas.TestThing.properties as Record<string, JsonSchema>;
    assert.deepEqual(props.owner, ref('TestOwner'));
    assert.deepEqual(props.owners.items, ref('TestOwner'));
    assert.deepEqual(props.maybe.oneOf, [ref('TestOwner'), { type: 'null' }]);
    assert.deepEqual(doc.components.schemas.TestOwner, { type: 'object', properties: { name: { type: 'string' } } });
    assert.ok(doc.components.schemas.Error);
  });

  it("when a request body is named, then defineRoute's NUL transform keeps the name, and Ajv validates the same rules", () => {
    const body = named('TestUpsert', {
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string' } },
    });
    const declared = route('/c', body, named('TestResult', { type: 'object' }));
    assert.notEqual(declared.body, body);
    assert.equal(nameOf(declared.body), 'TestUpsert');
    const doc = buildOpenApi([declared]) as Doc;
    assert.deepEqual(doc.paths['/c'].post.requestBody?.content['application/json'].schema, {
      $ref: '#/components/schemas/TestUpsert',
    });
    assert.equal(
      (doc.components.schemas.TestUpsert.properties as Record<string, JsonSchema>).name.pattern,
      NO_NUL_PATTERN,
    );
    const validate = bodyValidator(declared.body as JsonSchema);
    assert.deepEqual(validate({ name: 'ok' }), { name: 'ok' });
    assert.throws(() => validate({ name: 'a\u0000' }));
    assert.throws(() => validate({ other: 1 }));
  });

  it('when the NUL transform runs twice, then the second adds nothing', () => {
    const once = storableStrings({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^[a-z]+$' }, text: { type: 'string' } },
    });
    assert.deepEqual(storableStrings(once), once);
  });

  it('when two different schemas carry one name, then the document is not built', () => {
    const a = named('TestClash', { type: 'object', properties: { a: { type: 'string' } } });
    const b = named('TestClash', { type: 'object', properties: { b: { type: 'string' } } });
    assert.throws(
      () => buildOpenApi([route('/a', undefined, a), route('/b', undefined, b)]),
      /Two different schemas are named TestClash/,
    );
    const copy = named('TestClash', structuredClone(a));
    assert.doesNotThrow(() => buildOpenApi([route('/a', undefined, a), route('/b', undefined, copy)]));
  });

  it('when a name is not PascalCase or one schema gets two names, then naming throws', () => {
    assert.throws(() => named('contact', {}), /PascalCase/);
    assert.throws(() => named('Test_Thing', {}), /PascalCase/);
    const schema = named('TestOnce', {});
    assert.throws(() => named('TestTwice', schema), /both TestOnce and TestTwice/);
  });
});
