// Open and click tracking of sequence emails (public; the links carry signed tokens, see
// domain/engagement/tracking.ts). The pixel always answers the image and the click always redirects once the
// token is genuine; recording the engagement never blocks the reader (a failure is logged).
import type { MikroORM } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { recordTrackedClick, recordTrackedOpen } from '../../domain/engagement/opens-clicks.service.ts';
import { isPrivacyProxyOpen, verifyClickToken, verifyOpenToken } from '../../domain/engagement/tracking.ts';
import { notFound } from '../errors.ts';
import { defineRoute, type RouteDef } from '../route.ts';
import { EXAMPLE_TOKENS, EXAMPLE_LINK } from '../examples/ids.ts';

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 100 } },
};
/**
 * Mail clients, link scanners and analytics tools append parameters of their own (utm_source, …)
 * to links and images: they are accepted and ignored, never forwarded (the click's target is the
 * signed `u` alone).
 */
const FOREIGN_PARAMETERS =
  'Other query parameters (added by mail clients, link scanners, analytics tools) are accepted and ignored.';
const pixelQuery = { type: 'object', additionalProperties: true, properties: {} };
const clickQuery = {
  type: 'object',
  required: ['u'],
  additionalProperties: true,
  properties: {
    u: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      description: "The link's target, exactly as the token signs it.",
    },
  },
};

export interface TrackingDeps {
  orm: MikroORM;
  workflows: WorkflowClients;
  logger: Logger;
  config: Pick<Config, 'webhookSecretKey'>;
}

/**
 * A target as a Location header value: header values are Latin-1 bytes, so a link written with
 * other characters (`https://exämple.test/€`) goes out in its ASCII form (punycode host,
 * percent-encoded path and query), which browsers follow to the same place.
 */
function locationOf(target: string): string {
  try {
    return new URL(target).href;
  } catch {
    return encodeURI(target);
  }
}

export function trackingRoutes(deps: TrackingDeps): RouteDef[] {
  const engagement = () => ({ em: deps.orm.em.fork(), workflows: deps.workflows, logger: deps.logger });
  return [
    defineRoute<{ token: string }>({
      method: 'GET',
      path: '/t/o/{token}',
      auth: 'public',
      scope: null,
      tags: ['Service'],
      operationId: 'trackOpen',
      requestExample: { params: { token: EXAMPLE_TOKENS.open } },
      summary: 'Email open pixel',
      description: `A 1x1 GIF in every sequence email's HTML part. Loading it records an open (first open: \`message.opened\`); a fetch by Apple Mail Privacy Protection (user agent \`Mozilla/5.0\`) is counted apart in the stats. ${FOREIGN_PARAMETERS}`,
      params: tokenParams,
      query: pixelQuery,
      responses: {
        200: { description: 'The pixel.', contentType: 'image/gif', schema: { type: 'string', format: 'binary' } },
        404: { description: 'Invalid token (NotFoundIssue).' },
      },
      handler: async (ctx, { params }) => {
        const messageId = verifyOpenToken(deps.config.webhookSecretKey, params.token);
        if (!messageId) throw notFound('Tracking link');
        await recordTrackedOpen(engagement(), messageId, isPrivacyProxyOpen(ctx.get('user-agent')));
        ctx.type = 'image/gif';
        ctx.set('Cache-Control', 'no-store, max-age=0');
        return { status: 200, body: PIXEL };
      },
    }),
    defineRoute<{ token: string }, { u: string }>({
      method: 'GET',
      path: '/t/c/{token}',
      auth: 'public',
      scope: null,
      tags: ['Service'],
      operationId: 'trackClick',
      requestExample: { params: { token: EXAMPLE_TOKENS.click }, query: { u: EXAMPLE_LINK } },
      summary: 'Tracked link redirect',
      description:
        'Every http(s) link of a sequence email points here with its target in `u`; the token signs the message and that exact URL, ' +
        "so only the email's own links redirect (no open redirect). Records a click (`message.link_clicked`), then redirects to `u` exactly: " +
        `other query parameters are not forwarded. ${FOREIGN_PARAMETERS}`,
      params: tokenParams,
      query: clickQuery,
      responses: {
        302: { description: "Redirect to the link's target (Location)." },
        404: { description: 'Invalid token or a URL it does not sign (NotFoundIssue).' },
      },
      handler: async (ctx, { params, query }) => {
        const messageId = verifyClickToken(deps.config.webhookSecretKey, params.token, query.u);
        if (!messageId) throw notFound('Tracking link');
        await recordTrackedClick(engagement(), messageId, query.u);
        ctx.set('Location', locationOf(query.u));
        ctx.set('Cache-Control', 'no-store');
        return { status: 302 };
      },
    }),
  ];
}
