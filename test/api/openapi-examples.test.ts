// The examples of /v1/openapi.json are ones the API itself accepts and answers. The live document is
// walked: every operation shows an example of its request (path parameters, required query
// parameters, body) and of each success answer, every resource and body schema carries `examples`;
// each example is valid against its schema (Ajv, JSON Schema 2020-12); and every request example
// is sent to the API of a started stack, as an organization of its own with an admin key, after
// the placeholders of api/examples/ids.ts are swapped for records made for them
// (test/helpers/examples/world.ts; states.ts sets up the operations that need a record in a given
// state), and must be answered with a success status the operation documents.
import assert from 'node:assert/strict';
import { client } from '../helpers/http.ts';
import { getStack, type Stack } from '../helpers/stack.ts';
import { buildWorld, type World } from '../helpers/examples/world.ts';
import { STATES } from '../helpers/examples/states.ts';
import {
  exampleCall,
  mediaExample,
  operationsOf,
  type Doc,
  type Media,
  type Schema,
} from '../helpers/examples/requests.ts';
import { exampleChecker } from '../helpers/examples/schema-check.ts';
import { SCHEMA_EXAMPLES } from '../../api/examples/index.ts';

/** Success answers documented without an example, and why. */
const NO_RESPONSE_EXAMPLE: Record<string, string> = {
  docsScript: "the API reference page's script, a 4 MB third-party bundle",
  trackOpen: 'a 1x1 GIF, binary',
};

/** The resources, which carry an example whether or not an operation answers them whole. */
const RESOURCES = [
  'Contact',
  'Account',
  'Sequence',
  'SequenceTemplate',
  'Task',
  'ContactList',
  'ContactEntry',
  'AccountList',
  'AccountEntry',
  'ContactExclusion',
  'AccountExclusion',
  'Webhook',
  'WebhookDelivery',
  'Event',
  'Activity',
  'Message',
  'Signal',
  'SignalDetail',
  'SignalPreset',
  'SignalImport',
  'Playbook',
  'PlaybookRun',
  'User',
  'Error',
];

const isSuccess = (status: string) => /^[23]/.test(status);
const refName = (schema: Schema | undefined) =>
  typeof schema?.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;

describe('the examples of /v1/openapi.json', function () {
  this.timeout(600_000);
  let stack: Stack;
  let doc: Doc;

  before(async () => {
    stack = await getStack();
    doc = (await client(stack.url).get('/v1/openapi.json')).body as Doc;
  });

  it('when every operation is read, then it shows its request (path, required query parameters, body) and each success answer by example', () => {
    const lacking: string[] = [];
    for (const { method, path, op } of operationsOf(doc)) {
      const where = `${method} ${path}`;
      for (const missing of exampleCall(doc, method, path, new Map()).missing) lacking.push(`${where}: ${missing}`);
      for (const [status, response] of Object.entries(op.responses).filter(([s]) => isSuccess(s))) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (mediaExample(media, doc.components.schemas) === undefined && !NO_RESPONSE_EXAMPLE[op.operationId])
            lacking.push(`${where} ${status} ${type}: no example`);
        }
      }
    }
    assert.deepEqual(lacking, []);
    assert.ok(operationsOf(doc).length > 120, 'every operation was read');
  });

  it('when the components are read, then every resource and every schema a body or answer names without an example of its own has an example, and every example names a component', () => {
    const bodies = new Set<string>(RESOURCES);
    const named = (media: Media) => (media.example === undefined ? (refName(media.schema) ?? '') : '');
    for (const { op } of operationsOf(doc)) {
      for (const media of Object.values(op.requestBody?.content ?? {})) bodies.add(named(media));
      for (const response of Object.values(op.responses))
        for (const media of Object.values(response.content ?? {})) bodies.add(named(media));
    }
    bodies.delete('');
    const schemas = doc.components.schemas;
    assert.deepEqual(
      [...bodies].filter((name) => !schemas[name]?.examples?.length),
      [],
    );
    assert.ok(bodies.size > 100, `${bodies.size} schemas`);
    assert.deepEqual(
      Object.keys(SCHEMA_EXAMPLES).filter((name) => !schemas[name]),
      [],
      'an example under a name no schema has',
    );
  });

  it('when each schema example, request example and response example is validated against its schema (JSON Schema 2020-12), then it is valid', () => {
    const check = exampleChecker(doc.components.schemas);
    const invalid: string[] = [];
    let checked = 0;
    const validate = (where: string, schema: Schema | undefined, value: unknown) => {
      if (!schema || value === undefined) return;
      checked++;
      for (const error of check(schema, value)) invalid.push(`${where}: ${error}`);
    };
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      for (const [i, example] of (schema.examples ?? []).entries())
        validate(`${name}.examples[${i}]`, { $ref: `#/components/schemas/${name}` }, example);
    }
    for (const { method, path, op } of operationsOf(doc)) {
      const media: [string, Media][] = [
        ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]): [string, Media] => [`request ${type}`, m]),
        ...Object.entries(op.responses).flatMap(([status, r]) =>
          Object.entries(r.content ?? {}).map(([type, m]): [string, Media] => [`${status} ${type}`, m]),
        ),
      ];
      for (const [where, m] of media)
        validate(`${method} ${path} ${where}`, m.schema, mediaExample(m, doc.components.schemas));
    }
    assert.deepEqual(invalid, []);
    assert.ok(checked > 250, `${checked} examples checked`);
  });

  describe('sent to the API', () => {
    let world: World;

    before(async () => {
      world = await buildWorld(stack);
    });

    after(async () => {
      // The example subscription points at a made-up host: the suites after this one should not share the worker with its retries.
      await stack.orm.em
        .fork()
        .getConnection()
        .execute(`UPDATE webhook_subscriptions SET status = 'DISABLED' WHERE organization_id = ?`, [
          world.organizationId,
        ]);
      await world.receiver.close();
    });

    it('when every request example is sent with its placeholders mapped to real records, then each is answered with a documented success status', async () => {
      const refused: string[] = [];
      for (const { method, path, op } of operationsOf(doc)) {
        const overrides = (await STATES[op.operationId]?.(world)) ?? [];
        const call = exampleCall(doc, method, path, new Map([...world.ids, ...overrides]));
        const headers: Record<string, string> = call.public ? {} : { Authorization: `Bearer ${world.apiKey}` };
        if (call.body !== undefined) headers['Content-Type'] = 'application/json';
        const response = await fetch(`${stack.url}${call.url}`, {
          method,
          headers,
          redirect: 'manual',
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        });
        const text = await response.text();
        const status = String(response.status);
        if (!isSuccess(status) || !op.responses[status])
          refused.push(`${method} ${path} (${call.method} ${call.url}): ${status} ${text.slice(0, 300)}`);
      }
      assert.deepEqual(refused, []);
    });

    it('when the states of states.ts are read, then each names an operation of the document (none is stale)', () => {
      const operationIds = new Set(operationsOf(doc).map(({ op }) => op.operationId));
      assert.deepEqual(
        Object.keys(STATES).filter((id) => !operationIds.has(id)),
        [],
      );
    });
  });
});
