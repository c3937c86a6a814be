// Builds the OpenAPI 3.1 document from the route table: the same JSON schemas that validate
// requests describe them, so the document cannot drift from the code.
import type { RouteDef } from './route.ts';
import type { JsonSchema } from './validation.ts';
import { SchemaComponents } from './openapi-components.ts';
import { buildWebhooks, WEBHOOK_HEADERS, WEBHOOK_TAG } from './openapi-webhooks.ts';
import { TAG_DESCRIPTIONS } from './openapi-tags.ts';
import { parameterExample, requestBodyExample, responseExample, withSchemaExamples } from './openapi-examples.ts';
import { errorSchema } from './schemas/common.schemas.ts';
import { CONDITIONAL_COMPONENTS, conventionParameters, withHttpConventions } from './openapi-http.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './middleware/compression.ts';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  REPLAYED_HEADER,
} from './middleware/idempotency.ts';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function parameters(route: RouteDef, location: 'path' | 'query', components: SchemaComponents) {
  const schema = location === 'path' ? route.params : route.query;
  const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
    schema: components.use(s),
    ...(s.type === 'array' ? { style: 'form', explode: true } : {}),
    ...parameterExample(route, name, location),
  }));
}

/** Rate-limit headers of every authenticated answer but 401 (api/middleware/rate-limit.ts, docs/api/rate-limits.md). */
const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description:
      "Requests allowed per window by the tightest budget that applies (the API key's, the organization's, or on enrichment routes the organization's enrichment budget). Sent when rate limiting is on (the default).",
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description:
      'Requests left in the current window of that budget, as the answering replica knows it (cluster-wide, never more than what is really left).',
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the current window of that budget ends and it is full again (an integer, at least 1).',
    schema: { type: 'integer', minimum: 1 },
  },
};
const RETRY_AFTER_HEADER = {
  description: "Seconds to wait before retrying: until the exhausted budget's window ends.",
  schema: { type: 'integer', minimum: 1 },
};
const rateLimitHeaderRefs = Object.fromEntries(
  Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
);

function withRateLimits(route: RouteDef, responses: Record<string, unknown>): void {
  if (route.auth === 'public') return;
  responses['429'] ??= {
    ...errorResponse(
      'A rate-limit budget is spent for this window (RateLimitIssue): `data.limit`, `data.window_seconds` and `data.scope` ' +
        '(`key`, `organization` or `enrichment`) name it; retry after `Retry-After` seconds.',
    ),
    headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
  };
  // No key, no budget: unauthenticated answers carry no rate-limit headers.
  addHeaders(responses, (status) => status !== '401', rateLimitHeaderRefs);
}

/** Adds header refs to the responses whose status `applies` (their own headers kept). */
function addHeaders(
  responses: Record<string, unknown>,
  applies: (status: string) => boolean,
  refs: Record<string, unknown>,
): void {
  for (const [status, response] of Object.entries(responses)) {
    if (!applies(status)) continue;
    const own = (response as { headers?: Record<string, unknown> }).headers;
    responses[status] = { ...(response as object), headers: { ...own, ...refs } };
  }
}

/** Authenticated POSTs take an Idempotency-Key (api/middleware/idempotency.ts, docs/api/idempotency.md). */
const idempotent = (route: RouteDef) => route.method === 'POST' && route.auth !== 'public';

const idempotencyKeyParameter = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes the POST safe to retry: a unique value of your choice (e.g. a UUID), 1-255 printable ASCII characters. ' +
    'A retry with the same key and the same method, path and body bytes within 24 h does not run again: it replays the first ' +
    `response (status, body, Content-Type, Location and Retry-After) with \`${REPLAYED_HEADER}: true\`. The same key with another body or ` +
    'endpoint answers 422 (BusinessIssue); while the first request is still running, 409 (CommitIssue). Keys are scoped to the ' +
    'organization. Responses that mean the request was not carried out (ValidationIssue, 401, 403, 408, 429, 5xx) are not ' +
    'stored: the key may be used again.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_PATTERN },
};

const replayedHeader = {
  description: `\`true\` when this is a stored response replayed for a repeated \`${IDEMPOTENCY_HEADER}\`; absent otherwise.`,
  schema: { type: 'string', enum: ['true'] },
};

/**
 * Whether a body must be sent: a request without one is read as `{}` (api/route.ts), so only a
 * schema that refuses `{}` (required fields, minProperties, one-of rules) makes it required.
 */
function bodyRequired(schema: JsonSchema): boolean {
  return (
    ((schema.required as string[] | undefined)?.length ?? 0) > 0 ||
    ((schema.minProperties as number | undefined) ?? 0) > 0 ||
    Array.isArray(schema.anyOf) ||
    Array.isArray(schema.oneOf)
  );
}

function operation(route: RouteDef, components: SchemaComponents) {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    responses[status] = response.schema
      ? {
          description: response.description,
          content: {
            [response.contentType ?? 'application/json']: {
              schema: components.use(response.schema),
              ...responseExample(status, response),
            },
          },
        }
      : // An error status declared by its description alone answers the one error shape.
        Number(status) >= 400
        ? errorResponse(response.description)
        : { description: response.description };
  }
  const validates = route.query || route.body || route.params;
  const badIdempotencyKey = idempotent(route)
    ? ` A malformed \`${IDEMPOTENCY_HEADER}\` header is refused the same way.`
    : '';
  responses['400'] ??= errorResponse(
    validates
      ? 'The request does not match the schema (ValidationIssue); `data.errors` names each field.' +
          (route.body
            ? ' Also a body that is not a JSON object or array, not UTF-8 (`(body)`), or that does not decompress ' +
              '(`Content-Encoding` gzip, deflate or br)' +
              (route.bodyTextCheckedByService
                ? '.'
                : ', or a string or key with an unpaired surrogate (the field named).')
            : '') +
          badIdempotencyKey
      : // Every route, public ones too, refuses a query string that is not UTF-8 (api/middleware/well-formed-query.ts).
        `A query string that does not percent-decode to UTF-8 (ValidationIssue; \`data.errors\` names the parameter).${badIdempotencyKey}`,
  );
  if (route.auth !== 'public')
    responses['401'] ??= errorResponse('Missing, malformed or invalid API key (UnauthorizedIssue).');
  if (route.scope) responses['403'] ??= errorResponse(`The key lacks the scope ${route.scope} (UnauthorizedIssue).`);
  if (route.params) responses['404'] ??= errorResponse('Not found in this organization (NotFoundIssue).');
  if (route.body) responses['413'] ??= errorResponse('The body is larger than the limit (PayloadTooLargeIssue).');
  responses['500'] ??= errorResponse('Unexpected failure (InternalIssue); quote request_id.');
  if (idempotent(route)) {
    responses['409'] ??= errorResponse(
      `A request with the same \`${IDEMPOTENCY_HEADER}\` is still being processed (CommitIssue, with \`Retry-After\`); retry later.`,
    );
    responses['422'] ??= errorResponse(
      `The \`${IDEMPOTENCY_HEADER}\` was already used with a different body or on another endpoint (BusinessIssue; \`data.header\` names it).`,
    );
    addHeaders(responses, (status) => status.startsWith('2'), {
      [REPLAYED_HEADER]: { $ref: '#/components/headers/IdempotentReplayed' },
    });
  }
  withHttpConventions(route, responses);
  withRateLimits(route, responses);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    ...(route.auth === 'public' ? { security: [] } : {}),
    ...(route.scope ? { 'x-required-scope': route.scope } : {}),
    ...(route.rateBudget ? { 'x-rate-limit-budget': route.rateBudget } : {}),
    parameters: [
      ...parameters(route, 'path', components),
      ...parameters(route, 'query', components),
      ...(idempotent(route) ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ...conventionParameters(route),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: bodyRequired(route.body),
            content: { 'application/json': { schema: components.use(route.body), ...requestBodyExample(route) } },
          },
        }
      : {}),
    responses,
  };
}

/** No public license: the service and its API are proprietary (SPDX LicenseRef- form for an unlisted license). */
const LICENSE = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/**
 * The document of `routes`. Every named schema met is shown once in components.schemas; two
 * different schemas under one name throw here (api/openapi-components.ts).
 */
export function buildOpenApi(routes: RouteDef[], serverUrl?: string): Record<string, unknown> {
  const components = new SchemaComponents();
  components.use(errorSchema);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route, components);
  }
  const webhooks = buildWebhooks(components);
  const tags = [...new Set(routes.flatMap((r) => r.tags)), WEBHOOK_TAG];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Outreach Workspace Service',
      version: '1.0.0',
      license: LICENSE,
      description:
        'Multi-tenant REST API of an outbound sales-outreach workspace. Every request sends `Authorization: Bearer <API_KEY>`; ' +
        'errors share one shape (`Error`); list endpoints share one envelope and take `page`, `size`, `sort_by`, `sort_order`. ' +
        "Rate limits: authenticated requests spend the API key's and the organization's budgets per fixed window (enrichment routes, " +
        '`x-rate-limit-budget: enrichment`, also a lower enrichment budget); every authenticated answer but 401 carries ' +
        '`X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds), and a spent budget answers 429 ' +
        '`RateLimitIssue` with `Retry-After` (seconds). Text is strict UTF-8 and well-formed Unicode: a query parameter that does ' +
        'not percent-decode to UTF-8, or a body string or key with an unpaired surrogate, is 400 naming it. Request headers over ' +
        "the server's limit (16 KB by default) answer 431 in the error shape (`PayloadTooLargeIssue`), a malformed request line 400. " +
        `HTTP: answers of at least ${COMPRESSION_THRESHOLD_BYTES} bytes are compressed (gzip or br, as \`Accept-Encoding\` prefers); every 201 ` +
        "carries `Location` (the created resource's path); single-resource GETs carry a weak `ETag` and answer 304 to a matching " +
        "`If-None-Match`. No CORS: API keys are for server-to-server calls, and a browser's preflight is answered 403. " +
        'What webhook subscriptions receive is under `webhooks`: one signed POST per event type, its body a named schema (`MessageSentEvent`, ...).',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: tags.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    security: [{ bearerAuth: [] }],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key `ows_<secret>` created with the admin CLI.',
        },
      },
      schemas: withSchemaExamples(components.all()),
      parameters: { IdempotencyKey: idempotencyKeyParameter, ...WEBHOOK_HEADERS, ...CONDITIONAL_COMPONENTS.parameters },
      headers: {
        IdempotentReplayed: replayedHeader,
        ...RATE_LIMIT_HEADERS,
        'Retry-After': RETRY_AFTER_HEADER,
        ...CONDITIONAL_COMPONENTS.headers,
      },
    },
  };
}
