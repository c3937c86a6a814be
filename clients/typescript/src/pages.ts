// Pagination: every list answers `{items, total_count, total_pages, has_more}` for `page` (from 1)
// and `size` (1-100). `pages()` asks for page after page while `has_more`; `items()` flattens them.
// Pages are counted, not cursors: rows created or deleted during the walk can shift an item
// across a page boundary (sort by `created_at` for a stable order of new rows).
import { ok, type FetchResult } from './errors.ts';

export interface Page<Item> {
  items: Item[];
  total_count: number;
  total_pages: number;
  has_more: boolean;
}

/** Loads page `page` (1-based), e.g. `(page) => api.GET('/v1/contacts', { params: { query: { page, size: 100 } } })`. */
export type PageLoader<P> = (page: number) => Promise<FetchResult<P>>;

/** Each page of a list, from `firstPage` (default 1) to the last; an error answer throws ApiError. */
export async function* pages<P extends Page<unknown>>(
  load: PageLoader<P>,
  firstPage = 1,
): AsyncGenerator<P, void, undefined> {
  for (let page = firstPage; ; page++) {
    const answer = await ok(load(page));
    yield answer;
    if (!answer.has_more) return;
  }
}

/** Each item of a list, page after page. */
export async function* items<Item>(load: PageLoader<Page<Item>>): AsyncGenerator<Item, void, undefined> {
  for await (const page of pages(load)) yield* page.items;
}
