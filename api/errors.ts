// The service's one error shape and its types (docs/api/conventions.md). Route code throws
// these; the error handler turns them, and the ORM's and Temporal's own errors, into the body
// {status_code, type, message, data, request_id}.

export type IssueType =
  | 'ValidationIssue'
  | 'UnauthorizedIssue'
  | 'NotFoundIssue'
  | 'CommitIssue'
  | 'BusinessIssue'
  | 'RateLimitIssue'
  | 'InternalIssue'
  | 'MethodNotAllowedIssue'
  | 'PayloadTooLargeIssue'
  | 'UnavailableIssue';

export interface FieldError {
  path: string;
  message: string;
}

export class ApiIssue extends Error {
  readonly status: number;
  readonly type: IssueType;
  readonly data: Record<string, unknown> | null;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    type: IssueType,
    message: string,
    data: Record<string, unknown> | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = type;
    this.status = status;
    this.type = type;
    this.data = data;
    this.headers = headers;
  }
}

/** 400: the request does not match the endpoint's schema. `errors` names each offending field. */
export function validationIssue(message: string, errors: FieldError[], status: 400 | 422 = 400): ApiIssue {
  return new ApiIssue(status, 'ValidationIssue', message, { errors });
}

export function unauthorized(
  message = 'A valid API key is required: send `Authorization: Bearer <API_KEY>`.',
): ApiIssue {
  return new ApiIssue(401, 'UnauthorizedIssue', message, null, { 'WWW-Authenticate': 'Bearer' });
}

export function forbidden(scope: string): ApiIssue {
  return new ApiIssue(403, 'UnauthorizedIssue', `This API key lacks the scope ${scope} that this endpoint needs.`, {
    required_scope: scope,
  });
}

export function notFound(what: string): ApiIssue {
  return new ApiIssue(404, 'NotFoundIssue', `${what} not found.`);
}

export function conflict(message: string, data: Record<string, unknown> | null = null): ApiIssue {
  return new ApiIssue(409, 'CommitIssue', message, data);
}

export function businessIssue(message: string, data: Record<string, unknown> | null = null): ApiIssue {
  return new ApiIssue(422, 'BusinessIssue', message, data);
}

export function methodNotAllowed(method: string, allow: string): ApiIssue {
  return new ApiIssue(
    405,
    'MethodNotAllowedIssue',
    `Method ${method} is not allowed here; allowed: ${allow}.`,
    { allow: allow.split(/,\s*/) },
    { Allow: allow },
  );
}

export function payloadTooLarge(limitBytes: number): ApiIssue {
  return new ApiIssue(413, 'PayloadTooLargeIssue', `The request body exceeds the limit of ${limitBytes} bytes.`, {
    limit_bytes: limitBytes,
  });
}

/** 429: a rate-limit budget of the key, the organization or its enrichment calls is spent for this window. */
export function rateLimited(
  scope: 'key' | 'organization' | 'enrichment',
  limit: number,
  windowSeconds: number,
  retryAfterSeconds: number,
): ApiIssue {
  const whose =
    scope === 'key'
      ? 'this API key'
      : scope === 'organization'
        ? 'this organization'
        : "this organization's enrichment calls";
  return new ApiIssue(
    429,
    'RateLimitIssue',
    `Rate limit exceeded: ${limit} requests per ${windowSeconds} s for ${whose}; retry after ${retryAfterSeconds} s.`,
    { limit, window_seconds: windowSeconds, scope },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

export function unavailable(message: string, data: Record<string, unknown> | null = null): ApiIssue {
  return new ApiIssue(503, 'UnavailableIssue', message, data, { 'Retry-After': '5' });
}

export function internal(): ApiIssue {
  return new ApiIssue(500, 'InternalIssue', 'An internal error occurred. Quote the request_id when reporting it.');
}

export function errorBody(issue: ApiIssue, requestId: string) {
  return {
    status_code: issue.status,
    type: issue.type,
    message: issue.message,
    data: issue.data,
    request_id: requestId,
  };
}
