// How the admin CLI prints a command's result: one JSON line with --json, else `key: value` lines,
// a blank line between rows.
export function show(value: unknown, json: boolean): void {
  if (json) {
    console.log(JSON.stringify(value));
    return;
  }
  const rows = Array.isArray(value) ? value : [value];
  for (const row of rows) {
    console.log(
      Object.entries(row as Record<string, unknown>)
        .map(
          ([k, v]) =>
            `${k}: ${Array.isArray(v) ? v.join(',') : v !== null && typeof v === 'object' ? JSON.stringify(v) : v}`,
        )
        .join('\n'),
    );
    console.log('');
  }
}
