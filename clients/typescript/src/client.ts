// The client: openapi-fetch over the generated `paths`, with the API key as a Bearer token on
// every request and the retrying fetch of retry.ts (Idempotency-Key on every POST).
//
// The methods are retyped so that a request's options are checked against the operation's types
// as written: openapi-fetch infers the options' type from the argument and then only checks it
// against the operation's, so an object literal with a misspelt field (`frist_name`) slipped
// through. Here the options' type comes from the path alone, and TypeScript refuses the unknown
// field, as it does for any object literal of a known type. The runtime is openapi-fetch's.
import createClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import { retryingFetch, type FetchLike, type RetryOptions } from './retry.ts';
import type { paths } from './schema.ts';

export interface ClientOptions {
  /** Where the service answers, e.g. `http://127.0.0.1:3000` (no `/v1`: the paths carry it). */
  baseUrl: string;
  /** An API key (`ows_...`), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
  /** Retry settings; `{ attempts: 1 }` turns retries off. */
  retry?: RetryOptions;
  /** The fetch to send with (default: the global fetch). */
  fetch?: FetchLike;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
/** The paths that have an operation for `method`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];
type OperationOf<P extends keyof paths, M extends Method> =
  paths[P] extends Record<M, infer Op extends Record<string, unknown>> ? Op : never;
/** The options of a call: required when the operation needs a body or a parameter. */
type Options<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
type OptionsArgument<Init> = undefined extends Init ? [options?: Init] : [options: Init];

/** A method of the client: `api.POST('/v1/contacts', { body })` resolves to `{ data, error, response }`. */
export type StrictMethod<M extends Method> = <P extends PathsWith<M>>(
  url: P,
  ...options: OptionsArgument<Options<P, M>>
) => Promise<FetchResponse<OperationOf<P, M>, Options<P, M>, 'application/json'>>;

export interface OutreachClient extends Omit<
  Client<paths, 'application/json'>,
  'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'
> {
  GET: StrictMethod<'get'>;
  PUT: StrictMethod<'put'>;
  POST: StrictMethod<'post'>;
  DELETE: StrictMethod<'delete'>;
  PATCH: StrictMethod<'patch'>;
}

/** A typed client of the service. */
export function createOutreachClient(options: ClientOptions): OutreachClient {
  const send: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: { ...options.headers, Authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(send, options.retry),
  });
  // The same object: only the methods' declared types are narrower (see above), which TypeScript
  // cannot relate to openapi-fetch's inferred generics on its own.
  return client as unknown as OutreachClient;
}
