// The TypeScript client of the Outreach Workspace Service API.
export { createOutreachClient, type ClientOptions, type OutreachClient } from './client.ts';
export { ApiError, ok, type ApiErrorBody, type FetchResult } from './errors.ts';
export { items, pages, type Page, type PageLoader } from './pages.ts';
export {
  IDEMPOTENCY_HEADER,
  retryAfterMs,
  retryingFetch,
  withIdempotencyKey,
  type FetchLike,
  type RetryOptions,
} from './retry.ts';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions, type WebhookHeaders } from './webhooks.ts';
export type { components, operations, paths } from './schema.ts';

import type { components } from './schema.ts';
/** The named schemas of the document: `Schemas['Contact']`, `Schemas['ContactUpsert']`, ... */
export type Schemas = components['schemas'];
