// documentDifferences (scripts/openapi/differences.ts): the JSON pointers a stale-document failure names.
import assert from 'node:assert/strict';
import { documentDifferences } from '../../scripts/openapi/differences.ts';

describe('OpenAPI document differences', () => {
  it('when two documents are equal, then no pointer is named', () => {
    const doc = { info: { title: 'T' }, paths: { '/a': { get: { tags: ['x'] } } } };
    assert.deepEqual(documentDifferences(doc, structuredClone(doc)), []);
  });

  it('when values change, keys appear or vanish and arrays differ, then each place is named once, escaped as RFC 6901 says', () => {
    const before = { info: { title: 'T' }, paths: { '/v1/a~b': { get: { tags: ['x'] } } }, gone: 1 };
    const after = { info: { title: 'U' }, paths: { '/v1/a~b': { get: { tags: ['x', 'y'] } } }, added: null };
    assert.deepEqual(documentDifferences(before, after), [
      '/info/title',
      '/paths/~1v1~1a~0b/get/tags/1',
      '/gone',
      '/added',
    ]);
  });

  it('when more places differ than the limit, then only the first ones are named', () => {
    const many = (v: number) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, v]));
    assert.deepEqual(documentDifferences(many(1), many(2), 3), ['/k0', '/k1', '/k2']);
  });
});
