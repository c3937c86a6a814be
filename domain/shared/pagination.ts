// Totals of paginated lists read with a window count.

/**
 * The total of a page read with a window count (`count(*) OVER ()` on each row); a page past the
 * end has no rows to carry it, so only then is it counted on its own.
 */
export async function pageTotal(
  rows: { total: string | number | bigint }[],
  offset: number,
  count: () => Promise<string | number | bigint>,
): Promise<number> {
  if (rows.length) return Number(rows[0].total);
  return offset > 0 ? Number(await count()) : 0;
}
