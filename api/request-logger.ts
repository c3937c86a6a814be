// The request's logger, made only when something logs: a pino child logger costs a few
// microseconds (bindings serialized, redaction set up), and most requests log nothing below the
// configured level. Bindings added before the first line (the organization, by auth) go into the
// one child; added later, they make a child of it, as separate child() calls would.
import type { Logger } from 'pino';

export interface RequestLogger {
  /** The child logger with the bindings so far (made on first use). */
  get(): Logger;
  /** Adds bindings to every line this request logs from now on. */
  bind(bindings: Record<string, string>): void;
  /** Replaces the request's logger (a route that sets its own). */
  set(logger: Logger): void;
}

export function requestLogger(base: Logger, bindings: Record<string, string>): RequestLogger {
  let child: Logger | undefined;
  const pending = { ...bindings };
  return {
    get: () => (child ??= base.child(pending)),
    bind(more) {
      if (child) child = child.child(more);
      else Object.assign(pending, more);
    },
    set(logger) {
      child = logger;
    },
  };
}
