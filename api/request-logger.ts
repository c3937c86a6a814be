// The request's logger, made only when something logs: a pino child logger costs a few
// microseconds (bindings serialized, redaction set up), and most requests log nothing below the
// configured level. Bindings added before the first line (the organization, by auth) go into the
// one child; added later, they make a child of it, as separate child() calls would. Likewise the
// request's EntityManager is forked on first use: a request refused before its route reads the
// database (401, 403, 429, a 400 body) never makes one, and no MikroORM RequestContext is needed
// since every route passes ctx.state.em explicitly.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';

/** ctx.state's first members: the request id, and accessors that make the logger and the EntityManager on first use. */
export class RequestState {
  requestId: string;
  readonly #base: Logger;
  readonly #bindings: Record<string, string>;
  #child: Logger | undefined;
  #fork: (() => EntityManager) | undefined;
  #em: EntityManager | undefined;

  constructor(base: Logger, requestId: string) {
    this.requestId = requestId;
    this.#base = base;
    this.#bindings = { request_id: requestId };
  }

  /** The child logger with the bindings so far. */
  get logger(): Logger {
    return (this.#child ??= this.#base.child(this.#bindings));
  }

  /** Replaces the request's logger (a route that sets its own). */
  set logger(logger: Logger) {
    this.#child = logger;
  }

  /** The request's own EntityManager (a fork of the ORM's), made on first use. */
  get em(): EntityManager {
    if (!this.#em) {
      if (!this.#fork)
        throw new Error('the request has no EntityManager yet (the app mounts it after auth and idempotency)');
      this.#em = this.#fork();
    }
    return this.#em;
  }

  set em(em: EntityManager) {
    this.#em = em;
  }

  /** Where `em` comes from when first read. */
  forkEntityManagerOnUse(fork: () => EntityManager): void {
    this.#fork = fork;
  }

  /** Adds bindings to every line this request logs from now on. */
  bindLog(bindings: Record<string, string>): void {
    if (this.#child) this.#child = this.#child.child(bindings);
    else Object.assign(this.#bindings, bindings);
  }
}
