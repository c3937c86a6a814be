// The HTTP conventions as the OpenAPI document states them, from the same route declaration that
// applies them (api/route.ts): `Location` on 201s, `ETag` / `If-None-Match` / 304 on single-resource
// GETs, and the headers a response declares of its own (the 202 of enrollment's `Retry-After`).
import { isSingleResourceGet } from './conditional-get.ts';
import type { RouteDef } from './route.ts';

export const CONDITIONAL_COMPONENTS = {
  headers: {
    ETag: {
      description:
        'A weak entity tag of this representation (a hash of its JSON). Send it back in `If-None-Match` to be answered 304 while it is unchanged.',
      schema: { type: 'string' },
    },
  },
  parameters: {
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description:
        'Entity tags from earlier answers (comma-separated, `W/` prefixes ignored) or `*`: when one matches the current ' +
        'representation, the answer is 304 with no body.',
      schema: { type: 'string' },
    },
  },
};

/** The If-None-Match parameter of the routes that honour it. */
export function conventionParameters(route: RouteDef): unknown[] {
  return isSingleResourceGet(route) ? [{ $ref: '#/components/parameters/IfNoneMatch' }] : [];
}

function withHeaders(responses: Record<string, unknown>, status: string, headers: Record<string, unknown>): void {
  const response = responses[status] as { headers?: Record<string, unknown> } | undefined;
  if (response) responses[status] = { ...response, headers: { ...response.headers, ...headers } };
}

/** Adds the convention headers and the 304 to an operation's documented responses. */
export function withHttpConventions(route: RouteDef, responses: Record<string, unknown>): void {
  for (const [status, response] of Object.entries(route.responses)) {
    if (response.headers) withHeaders(responses, status, response.headers);
  }
  if (route.location) {
    const filled = route.location.includes('{') ? ', its placeholders filled from the body' : '';
    withHeaders(responses, '201', {
      Location: {
        description: `Where the created resource is: the absolute path \`${route.location}\`${filled}.`,
        schema: { type: 'string', format: 'uri-reference' },
      },
    });
  }
  if (isSingleResourceGet(route)) {
    withHeaders(responses, '200', { ETag: { $ref: '#/components/headers/ETag' } });
    responses['304'] ??= {
      description: 'Not modified: `If-None-Match` named the current `ETag`. No body.',
      headers: { ETag: { $ref: '#/components/headers/ETag' } },
    };
  }
}
