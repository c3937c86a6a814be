// The unsubscribe link of every email (public, signed token): GET shows a confirmation form; POST
// (RFC 8058 one-click, `List-Unsubscribe=One-Click`) excludes the contact and fails the run.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Config } from '../../config.ts';
import { unsubscribe } from '../../domain/sequences/unenroll.service.ts';
import { verifyUnsubscribeToken } from '../../domain/sequences/unsubscribe-token.ts';
import { notFound } from '../errors.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { EXAMPLE_TOKENS } from '../examples/ids.ts';
import { UNSUBSCRIBED_PAGE, UNSUBSCRIBE_PAGE } from '../examples/service.examples.ts';

const params = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 100 } },
};
const html = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Unsubscribe</title></head>
<body>${body}</body></html>
`;

export function unsubscribeRoutes(deps: {
  orm: MikroORM;
  workflows: WorkflowClients;
  config: Pick<Config, 'webhookSecretKey'>;
}): RouteDef[] {
  const common = { auth: 'public' as const, scope: null, tags: ['Service'], path: '/u/{token}', params };
  const verified = (token: string): string => {
    const sequenceId = verifyUnsubscribeToken(deps.config.webhookSecretKey, token);
    if (!sequenceId) throw notFound('Unsubscribe link');
    return sequenceId;
  };
  return [
    defineRoute<{ token: string }>({
      ...common,
      method: 'GET',
      operationId: 'unsubscribePage',
      requestExample: { params: { token: EXAMPLE_TOKENS.unsubscribe } },
      summary: 'Unsubscribe confirmation page (HTML)',
      description: 'A form that POSTs to the same URL; nothing changes until it is sent.',
      responses: {
        200: {
          description: 'HTML page.',
          contentType: 'text/html',
          schema: { type: 'string' },
          example: UNSUBSCRIBE_PAGE,
        },
        404: { description: 'Invalid link (NotFoundIssue).' },
      },
      handler: (ctx, input) => {
        verified(input.params.token);
        ctx.type = 'text/html';
        // The token is a uuid and base64url characters once verified: nothing to escape.
        return {
          status: 200,
          body: html(`<h1>Unsubscribe</h1><p>Stop receiving these emails?</p>
<form method="post" action="/u/${input.params.token}"><input type="hidden" name="List-Unsubscribe" value="One-Click" /><button type="submit">Unsubscribe</button></form>`),
        };
      },
    }),
    defineRoute<{ token: string }>({
      ...common,
      method: 'POST',
      operationId: 'unsubscribe',
      requestExample: { params: { token: EXAMPLE_TOKENS.unsubscribe } },
      summary: 'Unsubscribe (RFC 8058 one-click)',
      description:
        'Body `List-Unsubscribe=One-Click` (form-encoded); any body is accepted. Excludes the contact (reason UNSUBSCRIBED) and ends ' +
        'the sequence FAILED with stopped_reason UNSUBSCRIBED. Idempotent: a repeat answers 200 again.',
      responses: {
        200: {
          description: 'Unsubscribed (HTML).',
          contentType: 'text/html',
          schema: { type: 'string' },
          example: UNSUBSCRIBED_PAGE,
        },
        404: { description: 'Invalid link (NotFoundIssue).' },
      },
      handler: async (ctx, input) => {
        const sequenceId = verified(input.params.token);
        if (!(await unsubscribe(deps.orm.em.fork(), deps.workflows, sequenceId))) throw notFound('Unsubscribe link');
        ctx.type = 'text/html';
        return { status: 200, body: html('<h1>Unsubscribed</h1><p>You will not receive these emails any more.</p>') };
      },
    }),
  ];
}
