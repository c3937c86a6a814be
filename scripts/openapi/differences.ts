// Where two OpenAPI documents differ, as JSON pointers: what a stale-document failure names
// instead of a diff of the whole (over a megabyte) document.

/** The JSON pointers (RFC 6901) where `a` and `b` differ, at most `limit`, in document order. */
export function documentDifferences(a: unknown, b: unknown, limit = 10): string[] {
  const out: string[] = [];
  walk(a, b, '', out, limit);
  return out;
}

function walk(a: unknown, b: unknown, at: string, out: string[], limit: number): void {
  if (out.length >= limit) return;
  if (
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  ) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(at || '/');
    return;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    walk(left[key], right[key], `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, out, limit);
  }
}
