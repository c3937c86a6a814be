// The camelCase twin of a schema, as the activity stream's payload schemas are made from the webhook
// bodies' (api/schemas/camel-cased.ts): property names and required entries renamed at any depth,
// values and texts kept, a named schema's twin named Activity<Name>, a schema no key changes shared.
import assert from 'node:assert/strict';
import { camelCased } from '../../api/schemas/camel-cased.ts';
import { named, nameOf } from '../../api/schemas/named.ts';
import { camelCaseKeys } from '../../domain/activity/stream.service.ts';

describe('camelCased schemas', () => {
  const status = named('TestTwinStatus', { type: 'string', enum: ['WAITING_FOR_USER', 'snake_value'] });
  const embed = named('TestTwinEmbed', {
    type: 'object',
    required: ['sent_at'],
    properties: { sent_at: { type: 'string' }, status },
  });
  const event = named('TestTwinEvent', {
    type: 'object',
    description: 'keeps its text: sequence_id',
    allOf: [
      named('TestTwinBase', {
        type: 'object',
        required: ['organization_id'],
        properties: { organization_id: { type: 'string' } },
      }),
    ],
    required: ['type', 'message_embed'],
    properties: {
      type: { type: 'string', const: 'message.link_clicked' },
      message_embed: embed,
      items_list: { type: 'array', items: embed },
      status,
    },
  });

  it('when a schema has snake_case properties at any depth, then its twin has them camelCased, in required too, and named Activity<Name>', () => {
    const twin = camelCased(event);
    assert.equal(nameOf(twin), 'ActivityTestTwinEvent');
    assert.deepEqual(twin.required, ['type', 'messageEmbed']);
    assert.deepEqual(Object.keys(twin.properties as object), ['type', 'messageEmbed', 'itemsList', 'status']);
    const properties = twin.properties as Record<string, { required?: string[]; items?: unknown }>;
    assert.deepEqual(properties.messageEmbed.required, ['sentAt']);
    assert.equal(nameOf(properties.messageEmbed), 'ActivityTestTwinEmbed');
    assert.equal(properties.itemsList.items, properties.messageEmbed, 'one twin per schema');
    assert.equal(nameOf((twin.allOf as object[])[0]), 'ActivityTestTwinBase');
  });

  it('when keywords hold values or texts, then the twin keeps them as they are', () => {
    const twin = camelCased(event);
    assert.equal(twin.description, 'keeps its text: sequence_id');
    assert.deepEqual((twin.properties as Record<string, unknown>).type, {
      type: 'string',
      const: 'message.link_clicked',
    });
    assert.equal(
      (twin.properties as Record<string, unknown>).status,
      status,
      'a schema with nothing to rename is itself',
    );
    assert.equal(camelCased(status), status);
    assert.equal(nameOf(camelCased(status)), 'TestTwinStatus');
  });

  it('when the twin describes keys, then they are the keys the stream serves (the same camelCasing)', () => {
    const body = {
      type: 'message.link_clicked',
      message_embed: { sent_at: 'x', status: 'snake_value' },
      items_list: [{ sent_at: 'y' }],
      status: 'WAITING_FOR_USER',
    };
    const served = camelCaseKeys(body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(served), Object.keys(camelCased(event).properties as object));
    assert.deepEqual(Object.keys(served.messageEmbed as object), Object.keys(camelCased(embed).properties as object));
  });
});
