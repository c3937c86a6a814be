// Body validation errors name each offending field (api/validation.ts).
import assert from 'node:assert/strict';
import { ApiIssue } from '../../api/errors.ts';
import { bodyValidator } from '../../api/validation.ts';

describe('body validation', () => {
  const validate = bodyValidator({
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 10 },
      age: { type: 'integer' },
      email: { type: 'string', format: 'email' },
      items: {
        type: 'array',
        items: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
      },
    },
  });

  function fieldsOf(body: unknown): string[] {
    try {
      validate(body);
    } catch (error) {
      assert.ok(error instanceof ApiIssue);
      assert.equal(error.status, 400);
      return (error.data as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
    }
    return [];
  }

  it('when the body is valid, then it passes unchanged', () => {
    assert.deepEqual(validate({ name: 'a', age: 3 }), { name: 'a', age: 3 });
  });

  it('when fields are missing, unknown, mistyped or malformed, then each is named', () => {
    assert.deepEqual(fieldsOf({}), ['name']);
    assert.deepEqual(fieldsOf({ name: 'a', extra: 1 }), ['extra']);
    assert.deepEqual(fieldsOf({ name: 'a', age: '3' }), ['age']);
    assert.deepEqual(fieldsOf({ name: 'a', email: 'nope' }), ['email']);
    assert.deepEqual(fieldsOf({ name: 'a'.repeat(11) }), ['name']);
    assert.deepEqual(fieldsOf({ name: 'a', items: [{ id: 'x' }, {}] }), ['items[0].id', 'items[1].id']);
    assert.deepEqual(fieldsOf([]), ['(root)']);
  });

  it('when a nullable field gets a value its schema refuses, then it is named once, by what is wrong with the value', () => {
    const nullableEnum = bodyValidator({
      type: 'object',
      properties: { country: { oneOf: [{ type: 'string', enum: ['FR', 'US'] }, { type: 'null' }] } },
    });
    assert.deepEqual(nullableEnum({ country: null }), { country: null });
    try {
      nullableEnum({ country: 'ZZ' });
      assert.fail('ZZ accepted');
    } catch (error) {
      assert.ok(error instanceof ApiIssue);
      assert.deepEqual((error.data as { errors: unknown[] }).errors, [
        { path: 'country', message: 'must be one of "FR", "US"' },
      ]);
    }
  });
});
