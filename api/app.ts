// createApp(deps): the Koa application, wired but never listening. Middleware order: request id +
// access log (outermost, so the log line carries the final status), error handler, public routes,
// auth, body parser, ORM request context, routers with allowedMethods, 404/405 fallback.
import Koa from 'koa';
import { Router } from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { RequestContext, type MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Providers } from '../providers/index.ts';
import type { AppContext, AppState } from './context.ts';
import { authenticate } from './middleware/auth.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { fallback } from './middleware/fallback.ts';
import { requestContext } from './middleware/request-context.ts';
import type { KeyStore } from './key-store.ts';
import { buildOpenApi } from './openapi.ts';
import { mountRoutes, type RouteDef } from './route.ts';
import { accountsRoutes } from './routes/accounts.routes.ts';
import { activitiesRoutes } from './routes/activities.routes.ts';
import { contactsRoutes } from './routes/contacts.routes.ts';
import { crmRoutes } from './routes/crm.routes.ts';
import { enrichmentRoutes } from './routes/enrichment.routes.ts';
import { eventsRawBody, eventsRoutes } from './routes/events.routes.ts';
import { exclusionsRoutes } from './routes/exclusions.routes.ts';
import { listsRoutes } from './routes/lists.routes.ts';
import { messagesRoutes } from './routes/messages.routes.ts';
import { playbooksRoutes } from './routes/playbooks.routes.ts';
import { qualifyRoutes } from './routes/qualify.routes.ts';
import { publicRoutes } from './routes/public.routes.ts';
import { searchRoutes } from './routes/search.routes.ts';
import { signalImportsRoutes } from './routes/signal-imports.routes.ts';
import { signalPresetsRoutes } from './routes/signal-presets.routes.ts';
import { sequenceControlsRoutes } from './routes/sequence-controls.routes.ts';
import { sequenceTemplatesRoutes } from './routes/sequence-templates.routes.ts';
import { sequencesRoutes, type SequencesDeps } from './routes/sequences.routes.ts';
import { signalsRoutes } from './routes/signals.routes.ts';
import { tasksRoutes } from './routes/tasks.routes.ts';
import { testHelpersRoutes } from './routes/test-helpers.routes.ts';
import { trackingRoutes } from './routes/tracking.routes.ts';
import { unenrollRoutes } from './routes/unenroll.routes.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { webhooksRoutes, type WebhooksConfig } from './routes/webhooks.routes.ts';

export interface AppDeps {
  config: Pick<Config, 'bodyLimitBytes' | 'publicBaseUrl' | 'sandboxMode' | 'dashboardBaseUrl'> & WebhooksConfig & SequencesDeps['config'];
  orm: MikroORM;
  temporal: Client;
  logger: Logger;
  keys: KeyStore;
  providers: Providers;
}

export interface App {
  app: Koa<AppState>;
  /** Every route, public and authenticated: the source of the OpenAPI document and the auth matrix. */
  routes: RouteDef[];
}

export function createApp(deps: AppDeps): App {
  const authenticated: RouteDef[] = [
    ...usersRoutes(deps.keys),
    ...contactsRoutes({ directory: deps.providers.directory }),
    ...accountsRoutes({ directory: deps.providers.directory }),
    ...crmRoutes({ crm: deps.providers.crm }),
    ...enrichmentRoutes({ enrichment: deps.providers.enrichment }),
    ...qualifyRoutes({ directory: deps.providers.directory }),
    ...searchRoutes(),
    ...activitiesRoutes(),
    ...webhooksRoutes(deps.config),
    ...exclusionsRoutes({ directory: deps.providers.directory }),
    ...sequenceTemplatesRoutes({ temporal: deps.temporal }),
    ...sequencesRoutes({ temporal: deps.temporal, config: deps.config }),
    ...sequenceControlsRoutes({ temporal: deps.temporal }),
    ...unenrollRoutes({ temporal: deps.temporal }),
    ...messagesRoutes(),
    ...listsRoutes({ temporal: deps.temporal, directory: deps.providers.directory, config: deps.config }),
    ...tasksRoutes({ temporal: deps.temporal, providers: deps.providers, config: deps.config }),
    ...playbooksRoutes(),
    ...eventsRoutes(),
    // Before the signals routes: /v1/signals/presets and /v1/signals/preview are not signal ids.
    ...signalPresetsRoutes({ signals: deps.providers.signals }),
    // Before the signals routes: /v1/signals/imports is not a signal id.
    ...signalImportsRoutes(),
    // Signals: the static /v1/signals/* routes (presets, preview, imports) must be mounted before
    // signalsRoutes, whose /v1/signals/{signal_id} would otherwise take them (@koa/router runs the
    // first matching route).
    ...signalsRoutes({ temporal: deps.temporal, config: deps.config }),
    // Sandbox only: simulations of the outside world (opens, replies, bounces, meetings).
    ...(deps.config.sandboxMode ? testHelpersRoutes({ temporal: deps.temporal, logger: deps.logger }) : []),
  ];
  let openapi: Record<string, unknown> | undefined;
  const publicList: RouteDef[] = [
    ...publicRoutes({
      orm: deps.orm,
      temporal: deps.temporal,
      openapi: () => (openapi ??= buildOpenApi([...publicList, ...authenticated], deps.config.publicBaseUrl)),
    }),
    ...unsubscribeRoutes({ orm: deps.orm, temporal: deps.temporal, config: deps.config }),
    ...trackingRoutes({ orm: deps.orm, temporal: deps.temporal, logger: deps.logger, config: deps.config }),
  ];

  const publicRouter = new Router<AppState>();
  mountRoutes(publicRouter, publicList);
  const router = new Router<AppState>();
  mountRoutes(router, authenticated);

  const app = new Koa<AppState>();
  app.proxy = true;
  app.silent = true;
  app.use(requestContext(deps.logger));
  app.use(errorHandler(deps.config.bodyLimitBytes));
  app.use(fallback);
  app.use(publicRouter.routes());
  app.use(publicRouter.allowedMethods());
  app.use(async (ctx: AppContext, next) => {
    // A public path with another method gets its 405 from allowedMethods above, not a 401.
    if (((ctx as unknown as { matched?: unknown[] }).matched?.length ?? 0) > 0) return;
    await next();
  });
  app.use(authenticate(deps.keys));
  // POST /v1/events keeps its body's exact bytes (content hash, payload text): read there, not by the parser.
  app.use(eventsRawBody(deps.config.bodyLimitBytes));
  app.use(bodyParser({
    enableTypes: ['json'],
    jsonLimit: deps.config.bodyLimitBytes,
    encoding: 'utf-8',
    onError: (error) => { throw error; },
  }));
  app.use((ctx: AppContext, next) => RequestContext.create(deps.orm.em, () => {
    ctx.state.em = RequestContext.getEntityManager() as AppState['em'];
    return next();
  }));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return { app, routes: [...publicList, ...authenticated] };
}
