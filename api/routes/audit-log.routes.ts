// The audit log (docs/api/audit-log.md): every write through /v1 and every admin command, newest first.
import { listAudit, type AuditFilters } from '../../domain/audit/audit-log.ts';
import { envelope, envelopeSchema, pageWindow, type PageQuery } from '../pagination.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { auditEntrySchema, auditListQuery } from '../schemas/audit.schemas.ts';
import { EXAMPLE_IDS } from '../examples/ids.ts';

export function auditLogRoutes(): RouteDef[] {
  return [
    defineRoute<Record<string, string>, PageQuery & AuditFilters>({
      method: 'GET',
      path: '/v1/audit-log',
      auth: 'key',
      scope: 'audit:read',
      tags: ['Audit log'],
      operationId: 'listAuditLog',
      requestExample: { query: { resource_type: 'contacts', resource_id: EXAMPLE_IDS.contact } },
      summary: 'List audit log entries',
      description:
        'Every write through /v1 (refused ones included) and every admin command of the organization: who, what, when, the ' +
        'request id and the outcome. Newest first by default; filters combine with AND. Bodies are never recorded, only their ' +
        'field names. Entries are kept AUDIT_RETENTION_DAYS (400 by default).',
      query: auditListQuery,
      responses: { 200: { description: 'Envelope of audit entries.', schema: envelopeSchema(auditEntrySchema) } },
      handler: async (ctx, { query }) => {
        const { page, size, sort_order, ...filters } = query;
        const { items, total } = await listAudit(ctx.state.rootEm, ctx.state.principal.organizationId, filters, {
          ...pageWindow(query),
          sortOrder: sort_order,
        });
        return { status: 200, body: envelope(items, total, { page, size, sort_order }) };
      },
    }),
  ];
}
