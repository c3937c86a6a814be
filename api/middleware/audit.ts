// Records every write through /v1 in the audit log (domain/audit/audit-log.ts): whatever its
// outcome (a refusal by scope, rate limit or validation included), with the key and its user, the
// route template, the resource (the path's first identifier, or the id of what a POST created) and
// the names of the body's fields. Runs right after authentication, so every answer of an
// authenticated write is seen. A route whose use case takes ctx.state.audit writes the entry in the
// transaction of its change (both commit or neither); for every other answer the entry is written
// here, after the handler, and committed before the answer leaves (the entries of concurrent
// requests in one statement). A failure to write it here is logged and does not change the answer
// (the write itself is done). docs/api/audit-log.md, 'When an entry is written'.
import type { Middleware } from 'koa';
import type { MikroORM } from '@mikro-orm/postgresql';
import { auditWriter, fieldNames, RequestAudit, type AuditWrite } from '../../domain/audit/audit-log.ts';
import { storableText } from '../../domain/shared/text.ts';
import type { AppState } from '../context.ts';
import type { RouteDef } from '../route.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Identifiers are short; a path segment is the client's text: bounded and made storable (no NUL). */
const RESOURCE_ID_MAX = 200;

/** The resource of a route: its first path segment after /v1, and the path's first identifier. */
export function resourceOf(template: string, path: string): { type: string | null; id: string | null } {
  const names = template.split('/');
  const values = path.split('/');
  const type = names[1] === 'v1' && names[2] && !names[2].startsWith('{') ? names[2] : null;
  const at = names.findIndex((segment) => segment.startsWith('{'));
  if (at < 0 || values[at] === undefined) return { type, id: null };
  let id: string;
  try {
    id = decodeURIComponent(values[at]);
  } catch {
    id = values[at];
  }
  return { type, id: storableText(id, RESOURCE_ID_MAX) || null };
}

/** The id of what a write answered with (`{"id": ...}`), for a POST that created it. */
function answeredId(body: unknown): string | null {
  if (typeof body === 'string' && body.length < 65_536 && body.startsWith('{')) {
    try {
      return answeredId(JSON.parse(body));
    } catch {
      return null;
    }
  }
  const id = body !== null && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : null;
}

export function auditWrites(
  orm: MikroORM,
  findRoute: (method: string, path: string) => RouteDef | undefined,
): Middleware<AppState> {
  const record = auditWriter(orm.em);
  return async (ctx, next) => {
    if (!WRITES.has(ctx.method)) return next();
    const route = findRoute(ctx.method, ctx.path);
    if (!route) return next();
    const { principal } = ctx.state;
    const describe = (status: number, createdId: string | null): AuditWrite => {
      const resource = resourceOf(route.path, ctx.path);
      return {
        organizationId: principal.organizationId,
        actor: { type: 'API_KEY', keyId: principal.keyId, userId: principal.userId },
        requestId: ctx.state.requestId ?? null,
        method: ctx.method,
        action: route.path,
        resourceType: resource.type,
        resourceId: resource.id ?? createdId,
        // The body is parsed after this middleware: its field names are read when the entry is made.
        fields: fieldNames((ctx.request as { body?: unknown }).body),
        status,
        outcome: status < 300 ? 'SUCCEEDED' : 'FAILED',
      };
    };
    const audit = new RequestAudit(describe);
    ctx.state.audit = audit;
    let failure: unknown;
    try {
      await next();
    } catch (error) {
      failure = error;
    }
    const status = failure === undefined ? ctx.status : ((failure as { status?: number }).status ?? 500);
    // Committed with the change (the route's use case took it): nothing left to write.
    if (failure === undefined && audit.tookFor(status)) return;
    try {
      await record(describe(status, status < 300 ? answeredId(ctx.body) : null));
    } catch (error) {
      ctx.state.logger.error({ err: error, route: route.path }, 'audit entry not written');
    }
    if (failure !== undefined) throw failure;
  };
}
