// What the middleware chain puts on ctx.state, shared by middleware and routes.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';
import type { Logger } from 'pino';
import type { Principal } from './key-store.ts';
import type { RequestAudit } from '../domain/audit/audit-log.ts';

export interface AppState {
  requestId: string;
  logger: Logger;
  /** Set by the auth middleware on every authenticated route. */
  principal: Principal;
  /** The request's own EntityManager (a fork of the ORM's, made on first use). */
  em: EntityManager;
  /**
   * The ORM's root EntityManager, for work that keeps no entities: typed statements (db/statement.ts,
   * typedKysely) outside a transaction, or a transaction of such statements (em.transactional forks
   * its own). It spares the hot routes the request's fork; its identity map refuses use
   * (allowGlobalContext is false), so entity work takes `em`.
   */
  rootEm: EntityManager;
  /**
   * A write's audit entry (api/middleware/audit.ts), for the use case that commits the change to
   * write in its transaction; unset on reads.
   */
  audit?: RequestAudit;
  /** The matched route's template (`unmatched` when none), set by the metrics middleware on the way out. */
  route?: string;
  /** The request's trace id while tracing is on (api/middleware/tracing.ts). */
  traceId?: string;
}

export type AppContext = ParameterizedContext<AppState>;
