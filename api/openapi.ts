// Builds the OpenAPI 3.1 document from the route table: the same JSON schemas that validate
// requests describe them, so the document cannot drift from the code.
import type { RouteDef } from './route.ts';
import type { JsonSchema } from './validation.ts';
import { errorSchema } from './schemas/common.schemas.ts';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function parameters(schema: JsonSchema | undefined, location: 'path' | 'query') {
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: s,
    ...(s.type === 'array' ? { style: 'form', explode: true } : {}),
  }));
}

function operation(route: RouteDef) {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = response.schema
      ? { description: response.description, content: { [response.contentType ?? 'application/json']: { schema: response.schema } } }
      : { description: response.description };
  }
  const validates = route.query || route.body || route.params;
  if (validates) responses['400'] ??= errorResponse('The request does not match the schema (ValidationIssue); `data.errors` names each field.');
  if (route.auth !== 'public') responses['401'] ??= errorResponse('Missing, malformed or invalid API key (UnauthorizedIssue).');
  if (route.scope) responses['403'] ??= errorResponse(`The key lacks the scope ${route.scope} (UnauthorizedIssue).`);
  if (route.params) responses['404'] ??= errorResponse('Not found in this organization (NotFoundIssue).');
  if (route.body) responses['413'] ??= errorResponse('The body is larger than the limit (PayloadTooLargeIssue).');
  responses['500'] ??= errorResponse('Unexpected failure (InternalIssue); quote request_id.');
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...(route.scope ? { 'x-required-scope': route.scope } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses,
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  'Test helpers': 'Sandbox mode only (`SANDBOX_MODE`, on unless `SMTP_URL` is set): simulate what contacts do with a run\'s messages '
    + '(open, click, reply, bounce, meeting, LinkedIn acceptance) through the same code real engagement takes. Absent in production.',
};

export function buildOpenApi(routes: RouteDef[], serverUrl?: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Outreach Workspace Service',
      version: '1.0.0',
      description:
        'Multi-tenant REST API of an outbound sales-outreach workspace. Every request sends `Authorization: Bearer <API_KEY>`; ' +
        'errors share one shape (`Error`); list endpoints share one envelope and take `page`, `size`, `sort_by`, `sort_order`.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [...new Set(routes.flatMap((r) => r.tags))].map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name })),
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key `ows_<secret>` created with the admin CLI.' } },
      schemas: { Error: errorSchema },
    },
  };
}
