// The pagination helper (api/pagination.ts) and its query schema.
import assert from 'node:assert/strict';
import { envelope, listQuerySchema, pageWindow } from '../../api/pagination.ts';
import { queryValidator } from '../../api/validation.ts';
import { ApiIssue } from '../../api/errors.ts';

describe('pagination', () => {
  const validate = queryValidator<{ page: number; size: number; sort_by?: string; sort_order: string }>(
    listQuerySchema(['name', 'created_at']),
  );

  it('when nothing is given, then page 1, size 10, ascending', () => {
    assert.deepEqual(validate({}), { page: 1, size: 10, sort_order: 'asc' });
  });

  it('when values arrive as query strings, then they are coerced to integers', () => {
    assert.deepEqual(validate({ page: '3', size: '25', sort_by: 'name', sort_order: 'desc' }), {
      page: 3,
      size: 25,
      sort_by: 'name',
      sort_order: 'desc',
    });
  });

  for (const [query, field] of [
    [{ page: '0' }, 'page'],
    [{ page: 'x' }, 'page'],
    [{ size: '0' }, 'size'],
    [{ size: '101' }, 'size'],
    [{ sort_by: 'email' }, 'sort_by'],
    [{ sort_order: 'up' }, 'sort_order'],
    [{ bogus: '1' }, 'bogus'],
    [{ page: '1.5' }, 'page'],
  ] as const) {
    it(`when ${JSON.stringify(query)} is given, then a 400 ValidationIssue names ${field}`, () => {
      assert.throws(
        () => validate({ ...query }),
        (error: unknown) => {
          assert.ok(error instanceof ApiIssue);
          assert.equal(error.status, 400);
          assert.equal(error.type, 'ValidationIssue');
          const errors = (error.data as { errors: { path: string }[] }).errors;
          assert.ok(
            errors.some((e) => e.path === field),
            JSON.stringify(errors),
          );
          return true;
        },
      );
    });
  }

  it('when computing a window and an envelope, then offsets, page counts and has_more agree', () => {
    assert.deepEqual(pageWindow({ page: 3, size: 20, sort_order: 'asc' }), { limit: 20, offset: 40 });
    assert.deepEqual(envelope([1, 2], 12, { page: 1, size: 10, sort_order: 'asc' }), {
      items: [1, 2],
      total_count: 12,
      total_pages: 2,
      has_more: true,
    });
    assert.deepEqual(envelope([], 12, { page: 2, size: 10, sort_order: 'asc' }), {
      items: [],
      total_count: 12,
      total_pages: 2,
      has_more: false,
    });
    assert.deepEqual(envelope([], 0, { page: 1, size: 10, sort_order: 'asc' }), {
      items: [],
      total_count: 0,
      total_pages: 0,
      has_more: false,
    });
  });
});
