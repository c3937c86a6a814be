// The one way API and worker make their pino loggers: secrets are redacted by path whatever a call
// site passes, and a line written while an activity runs carries that activity's workflow id, run
// id and organization (bound by the worker's activity interceptor, observability/worker.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * Paths pino replaces with "[Redacted]": the Authorization header (where a raw API key travels)
 * wherever a request or headers object is logged, and fields named like a key, secret, token or
 * password at the top level or one level down (`*.x`). Keys are only ever logged by key_prefix.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  '*.authorization',
  'api_key',
  '*.api_key',
  'apiKey',
  '*.apiKey',
  'raw_key',
  '*.raw_key',
  'rawKey',
  '*.rawKey',
  'secret',
  '*.secret',
  'token',
  '*.token',
  'access_token',
  '*.access_token',
  'accessToken',
  '*.accessToken',
  'refresh_token',
  '*.refresh_token',
  'refreshToken',
  '*.refreshToken',
  'password',
  '*.password',
];

/** Fields of the activity running in this async context (empty outside activities). */
export const activityLogContext = new AsyncLocalStorage<Record<string, string>>();

export interface LoggerOptions {
  level: string;
  /** Where lines go (default stdout); tests capture them here. */
  destination?: DestinationStream;
}

export function createLogger(service: 'api' | 'worker' | string, options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service },
      redact: { paths: REDACT_PATHS },
      // Children inherit the mixin, so an activity's `deps.logger.child(...)` lines get the fields too.
      mixin: () => activityLogContext.getStore() ?? {},
    },
    options.destination,
  );
}
