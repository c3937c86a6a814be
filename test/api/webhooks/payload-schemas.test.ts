// The payload schemas of /v1/openapi.json against real deliveries: a subscription to every event
// type receives what the API makes happen (event-flows.ts), and each body must validate, with Ajv,
// against the named schema the document's `webhooks` gives its type, closed (a field the schema
// does not name fails), its signature headers against the documented parameters. The activity
// stream's items of the same events validate against `Activity` and are the bodies camelCased.
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { EVENT_TYPES } from '../../../domain/activity/emit.ts';
import { camelCaseKeys } from '../../../domain/activity/stream.service.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver.ts';
import { eventFlows } from './event-flows.ts';

type Schema = Record<string, unknown>;
type Parameter = { name: string; schema: Schema };
type Operation = {
  parameters: { $ref: string }[];
  requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
};
type Doc = {
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Parameter> };
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * `schema` closed: every object schema with `properties` or `allOf` refuses what it does not evaluate,
 * except the parts an `allOf` composes (their composite closes over them all). `bases` are the components only ever composed.
 */
function closed(node: unknown, bases: Set<string>, composed = false): unknown {
  if (Array.isArray(node)) return node.map((item) => closed(item, bases));
  if (node === null || typeof node !== 'object') return node;
  const out: Schema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'enum' || key === 'const'
        ? value
        : key === 'allOf'
          ? (value as unknown[]).map((item) => closed(item, bases, true))
          : closed(value, bases),
    ]),
  );
  if (('properties' in out || 'allOf' in out) && !composed) out.unevaluatedProperties = false;
  return out;
}

/** The components that some schema composes with `allOf` (the event bases and their twins). */
function composedNames(schemas: Record<string, Schema>): Set<string> {
  const names = new Set<string>();
  for (const schema of Object.values(schemas)) {
    for (const part of (schema.allOf ?? []) as { $ref?: string }[])
      if (part.$ref) names.add(part.$ref.replace('#/components/schemas/', ''));
  }
  return names;
}

describe('webhook payload schemas against real deliveries', function () {
  this.timeout(300_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let receiver: Receiver;
  let doc: Doc;
  let ajv: Ajv2020;
  let secret: string;

  /** Ajv on the document's components, closed; `name` compiled by reference. */
  const validator = (name: string): ValidateFunction =>
    ajv.getSchema(`doc#/components/schemas/${name}`) ?? assert.fail(`no schema ${name}`);

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Webhook Payloads');
    receiver = await startReceiver(200);
    doc = (await api.get('/v1/openapi.json')).body as Doc;
    const bases = composedNames(doc.components.schemas);
    const schemas = Object.fromEntries(
      Object.entries(doc.components.schemas).map(([name, schema]) => [
        name,
        bases.has(name) ? closed(schema, bases, true) : closed(schema, bases),
      ]),
    );
    ajv = addFormats(
      new Ajv2020({
        allErrors: true,
        strict: true,
        strictTypes: false,
        keywords: ['components', 'discriminator', 'example'],
      }),
    );
    ajv.addSchema({ $id: 'doc', components: { schemas } });
    const subscription = await api.post('/v1/webhooks', {
      key: org.apiKey,
      body: { name: 'Every event', url: receiver.url, event_types: [...EVENT_TYPES] },
    });
    assert.equal(subscription.status, 201, subscription.text);
    secret = subscription.body.secret;
    const flows = eventFlows(stack, api, org, receiver);
    await flows.emailSequence();
    await flows.linkedinSequence();
    await flows.sequenceTasks();
    await flows.todo();
    await flows.resources();
    const tested = await api.post(`/v1/webhooks/${subscription.body.id}/test`, { key: org.apiKey });
    assert.equal(tested.body.delivered, true, tested.text);
  });

  after(async () => {
    await receiver.close();
  });

  it("when every event type is made to happen, then the document's webhooks name a schema for each, and each body validates against its schema, closed", () => {
    assert.ok(secret.startsWith('whsec_'));
    const received = receiver.received.map((r) => ({ headers: r.headers, body: JSON.parse(r.body) as Schema }));
    const types = new Set(received.map((r) => String(r.body.type)));
    assert.deepEqual([...types].sort(), [...EVENT_TYPES, 'webhook.test'].sort(), 'a delivery of every type was made');
    assert.deepEqual(
      Object.keys(doc.webhooks).sort(),
      [...types].sort(),
      'the document describes every type, and only those',
    );
    for (const { headers, body } of received) {
      const operation = doc.webhooks[String(body.type)].post;
      const name = operation.requestBody.content['application/json'].schema.$ref.replace('#/components/schemas/', '');
      const validate = validator(name);
      assert.ok(
        validate(body),
        `${String(body.type)} against ${name}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
      );
      for (const { $ref } of operation.parameters) {
        const parameter = doc.components.parameters[$ref.replace('#/components/parameters/', '')];
        const check = ajv.compile(parameter.schema);
        assert.ok(check(headers[parameter.name]), `${parameter.name}: ${String(headers[parameter.name])}`);
      }
    }
  });

  it('when a schema is closed and a delivery gains a field or loses a required one, then it fails: the validation can fail', () => {
    const sent = receiver.received
      .map((r) => JSON.parse(r.body) as Schema)
      .find((body) => body.type === 'message.sent')!;
    const validate = validator('MessageSentEvent');
    assert.equal(validate({ ...sent, unknown_field: 1 }), false);
    const { message_id: _dropped, ...lacking } = sent;
    assert.equal(validate(lacking), false);
    assert.equal(
      validate({ ...sent, message: { ...(sent.message as Schema), stepNumber: 1 } }),
      false,
      'a nested embed is closed too',
    );
  });

  it('when the activity stream is read, then each item validates against Activity (its payload a variant by type) and is its delivery camelCased', async () => {
    const listed = await api.get('/v1/activities?size=100', { key: org.apiKey });
    assert.equal(listed.status, 200, listed.text);
    const items = listed.body.items as Schema[];
    assert.ok(items.length >= EVENT_TYPES.length, `${items.length} activities`);
    const validate = validator('ActivityPage');
    assert.ok(validate(listed.body), ajv.errorsText(validate.errors));
    for (const item of items) {
      const delivery = await receiver.waitFor((body) => body.activity_id === item.id, 30_000);
      assert.deepEqual(item.payload, camelCaseKeys(JSON.parse(delivery.body)), String(item.id));
    }
    const one = await api.get(`/v1/activities/${String(items[0].id)}`, { key: org.apiKey });
    assert.ok(validator('Activity')(one.body));
    const variant = validator('ActivityPayload');
    assert.equal(
      variant({ ...(items[0].payload as Schema), organization_id: org.organizationId }),
      false,
      'a snake_case key is not in the camelCase variant',
    );
  });
});
