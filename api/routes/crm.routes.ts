// PATCH /v1/accounts/{account_id}/crm and PATCH /v1/contacts/{contact_id}/crm (crm:write): write
// properties to the linked CRM record, linking or creating it on first use.
import { defineRoute, type RouteDef } from '../route.ts';
import { errorSchema, idParams } from '../schemas/common.schemas.ts';
import { crmWriteBodySchema, crmWriteResultSchema, type CrmWriteBody } from '../schemas/crm.schemas.ts';
import { writeCrmFields } from '../../domain/crm/crm.service.ts';
import type { CrmLinkObjectType } from '../../db/entities/crm-link.entity.ts';
import type { CrmConnector } from '../../providers/crm/index.ts';
import { CRM_ACCOUNT_RESULT } from '../examples/people.examples.ts';

const LINKING =
  'A record not yet linked is first looked up in the CRM by identity (account: domain; contact: email, ' +
  'then LinkedIn URL) and linked, else created there; a linked record is updated. Properties not named are left untouched. ' +
  'The sandbox CRM holds crm-company-acme (acme.test), crm-company-globex (globex.test), crm-contact-ada ' +
  '(ada@acme.test) and crm-contact-grace (grace@globex.test). A property named twice in `fields` is refused with 422 (ValidationIssue naming the repeat, `fields[i].property`); nothing is written.';

export function crmRoutes(deps: { crm: CrmConnector }): RouteDef[] {
  const write = (
    objectType: CrmLinkObjectType,
    resource: 'accounts' | 'contacts',
    param: string,
    operationId: string,
  ) =>
    defineRoute<Record<string, string>, Record<string, unknown>, CrmWriteBody>({
      method: 'PATCH',
      path: `/v1/${resource}/{${param}}/crm`,
      auth: 'key',
      scope: 'crm:write',
      operationId,
      summary: `Write properties to the CRM record of ${objectType === 'account' ? 'an account' : 'a contact'}`,
      description: LINKING,
      tags: ['CRM'],
      params: idParams(param),
      body: crmWriteBodySchema,
      responses: {
        200: {
          description: 'The CRM write result.',
          schema: crmWriteResultSchema,
          ...(objectType === 'account' ? { example: CRM_ACCOUNT_RESULT } : {}),
        },
        422: {
          description:
            'A property named twice in `fields` (ValidationIssue; `data.errors` names the repeat, `fields[i].property`; nothing is written), ' +
            'or the linked CRM record no longer exists in the CRM (BusinessIssue).',
          schema: errorSchema,
        },
      },
      handler: async (ctx, { params, body }) => ({
        status: 200,
        body: await writeCrmFields(ctx.state.em, deps.crm, {
          organizationId: ctx.state.principal.organizationId,
          objectType,
          localId: params[param],
          fields: body.fields,
        }),
      }),
    });
  return [
    write('account', 'accounts', 'account_id', 'writeAccountCrm'),
    write('contact', 'contacts', 'contact_id', 'writeContactCrm'),
  ];
}
