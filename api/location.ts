// `Location` of a 201: a route declares where what it creates lives as a path template whose
// placeholders name fields of its 201 body (`/v1/contacts/{id}`, `{meeting.contact_id}` one level
// down); the route mounting fills it from each answer, so no handler sets the header itself.

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)\}/g;

/** A declared template must be an absolute path; its placeholders are dotted field names. */
export function checkLocationTemplate(template: string): void {
  if (!template.startsWith('/') || template.startsWith('//'))
    throw new Error(`location ${template}: an absolute path is expected`);
  const rest = template.replace(PLACEHOLDER, '');
  if (/[{}]/.test(rest))
    throw new Error(`location ${template}: a placeholder is a field name, as {id} or {meeting.contact_id}`);
}

function fieldOf(body: unknown, path: string): unknown {
  let value = body;
  for (const name of path.split('.'))
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
  return value;
}

/** The template filled from `body` (each value percent-encoded); throws when a field is missing, as a route bug. */
export function fillLocation(template: string, body: unknown): string {
  return template.replace(PLACEHOLDER, (_, path: string) => {
    const value = fieldOf(body, path);
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`location ${template}: the 201 body has no ${path}`);
    return encodeURIComponent(String(value));
  });
}
