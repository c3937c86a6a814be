// The TypeScript client's pagination (clients/typescript/src/pages.ts): pages from 1 while
// has_more, items flattened, and an error answer thrown as ApiError.
import assert from 'node:assert/strict';
import { items, pages, type Page } from '../../../clients/typescript/src/pages.ts';
import { ApiError } from '../../../clients/typescript/src/errors.ts';

const page = (n: number, last: number): Page<string> => ({
  items: [`a${n}`, `b${n}`],
  total_count: last * 2,
  total_pages: last,
  has_more: n < last,
});
const ok = (data: Page<string>) => Promise.resolve({ data, response: new Response(null, { status: 200 }) });

describe('TypeScript client: pages and items', () => {
  it('when a list has three pages, then pages() asks for 1, 2 and 3 and stops, and items() yields every item in order', async () => {
    const asked: number[] = [];
    const load = (n: number) => {
      asked.push(n);
      return ok(page(n, 3));
    };
    const seen: number[] = [];
    for await (const p of pages(load)) seen.push(p.items.length);
    assert.deepEqual(
      [asked, seen],
      [
        [1, 2, 3],
        [2, 2, 2],
      ],
    );
    const all: string[] = [];
    for await (const item of items((n) => ok(page(n, 2)))) all.push(item);
    assert.deepEqual(all, ['a1', 'b1', 'a2', 'b2']);
  });

  it('when a page answers an error, then the iteration throws ApiError with the API error body', async () => {
    const error = {
      status_code: 403,
      type: 'UnauthorizedIssue',
      message: 'missing scope',
      data: null,
      request_id: 'r1',
    };
    const load = () => Promise.resolve({ error, response: new Response(JSON.stringify(error), { status: 403 }) });
    await assert.rejects(
      async () => {
        for await (const _ of pages(load)) {
          /* never reached */
        }
      },
      (thrown: unknown) =>
        thrown instanceof ApiError &&
        thrown.status === 403 &&
        thrown.body?.type === 'UnauthorizedIssue' &&
        thrown.requestId === 'r1',
    );
  });
});
