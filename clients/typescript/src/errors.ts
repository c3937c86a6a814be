// An answer that is not a 2xx, as an exception carrying the API's error body (the `Error` schema:
// status_code, type, message, data, request_id), and `ok()`, which turns an openapi-fetch result
// into its data or that exception.
import type { components } from './schema.ts';

export type ApiErrorBody = components['schemas']['Error'];

export class ApiError extends Error {
  readonly status: number;
  /** The error body when the answer was JSON in the API's error shape; else undefined. */
  readonly body: ApiErrorBody | undefined;
  readonly requestId: string | undefined;

  constructor(response: Response, body: unknown) {
    const shaped = isErrorBody(body) ? body : undefined;
    super(
      shaped ? `${response.status} ${shaped.type}: ${shaped.message}` : `${response.status} ${response.statusText}`,
    );
    this.name = 'ApiError';
    this.status = response.status;
    this.body = shaped;
    this.requestId = shaped?.request_id ?? response.headers.get('x-request-id') ?? undefined;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ApiErrorBody).type === 'string' &&
    typeof (body as ApiErrorBody).message === 'string'
  );
}

/** What every openapi-fetch call resolves to: data on a 2xx, error otherwise. */
export interface FetchResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** The data of a 2xx answer; any other answer throws ApiError. */
export async function ok<Data>(call: Promise<FetchResult<Data>>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response, error);
  return data as Data;
}
