// createApp(deps): the Koa application, wired but never listening. Middleware order: request id +
// access log (outermost, so the log line carries the final status), request span (when tracing),
// HTTP metrics, response compression (outside everything that sets a body, so idempotency stores
// and replays plain text), error handler, 404/405 fallback, CORS preflight refusal, query-string
// decoding check, public routes, auth, the audit log of writes, rate limits, JSON body reader (strict UTF-8, well-formed
// text), idempotency keys, the request's EntityManager (forked on first use), routers with allowedMethods.
import Koa, { type Middleware } from 'koa';
import { Router } from '@koa/router';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createWorkflowClients, type TemporalClient } from '../workflows/clients.ts';
import type { Logger } from 'pino';
import { RequestState } from './request-logger.ts';
import type { Config } from '../config.ts';
import type { Providers } from '../providers/index.ts';
import type { AppContext, AppState } from './context.ts';
import { auditWrites } from './middleware/audit.ts';
import { useSuppressionHashKey } from '../domain/people/suppression-hash.ts';
import { authenticate } from './middleware/auth.ts';
import { rateLimit, routeBudgets } from './middleware/rate-limit.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { coveredPosts, idempotency } from './middleware/idempotency.ts';
import { sealedAnswers } from './middleware/idempotency-answers.ts';
import { fallback } from './middleware/fallback.ts';
import { compression } from './middleware/compression.ts';
import { refuseCorsPreflight } from './middleware/cors-preflight.ts';
import { jsonBody, requestBodyBytes } from './middleware/json-body.ts';
import { wellFormedQuery } from './middleware/well-formed-query.ts';
import { methodGuard } from './middleware/method-guard.ts';
import { createApiMetrics, httpMetrics, type ApiMetrics } from './middleware/metrics.ts';
import { traceRequests } from './middleware/tracing.ts';
import { metricsRoutes } from './routes/metrics.routes.ts';
import { requestContext } from './middleware/request-context.ts';
import type { KeyStore } from './key-store.ts';
import { buildOpenApi } from './openapi.ts';
import { servedOpenApi } from './openapi-served.ts';
import { mountRoutes, routeFinder, type RouteDef } from './route.ts';
import { templateResolver } from './route-templates.ts';
import { indexRouterMatch } from './router-index.ts';
import { accountListsRoutes } from './routes/account-lists.routes.ts';
import { accountsRoutes } from './routes/accounts.routes.ts';
import { activitiesRoutes } from './routes/activities.routes.ts';
import { auditLogRoutes } from './routes/audit-log.routes.ts';
import { contactListsRoutes } from './routes/contact-lists.routes.ts';
import { contactsRoutes } from './routes/contacts.routes.ts';
import { erasureRoutes } from './routes/erasure.routes.ts';
import { crmRoutes } from './routes/crm.routes.ts';
import { enrichmentRoutes } from './routes/enrichment.routes.ts';
import { eventsRoutes, eventsVerbatimMembers } from './routes/events.routes.ts';
import { exclusionsRoutes } from './routes/exclusions.routes.ts';
import { messagesRoutes } from './routes/messages.routes.ts';
import { playbooksRoutes } from './routes/playbooks.routes.ts';
import { qualifyRoutes } from './routes/qualify.routes.ts';
import { publicRoutes } from './routes/public.routes.ts';
import { searchRoutes } from './routes/search.routes.ts';
import { signalImportsRoutes } from './routes/signal-imports.routes.ts';
import { signalPresetsRoutes } from './routes/signal-presets.routes.ts';
import { sequenceControlsRoutes } from './routes/sequence-controls.routes.ts';
import { sequenceTemplatesRoutes } from './routes/sequence-templates.routes.ts';
import { statsRoutes } from './routes/stats.routes.ts';
import { sequencesRoutes, type SequencesDeps } from './routes/sequences.routes.ts';
import { signalsRoutes } from './routes/signals.routes.ts';
import { taskActionsRoutes } from './routes/task-actions.routes.ts';
import { tasksRoutes } from './routes/tasks.routes.ts';
import { testHelpersRoutes } from './routes/test-helpers.routes.ts';
import { trackingRoutes } from './routes/tracking.routes.ts';
import { unenrollRoutes } from './routes/unenroll.routes.ts';
import { unsubscribeRoutes } from './routes/unsubscribe.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { webhooksRoutes, type WebhooksConfig } from './routes/webhooks.routes.ts';

export interface AppDeps {
  config: Pick<
    Config,
    | 'temporalTaskQueue'
    | 'bodyLimitBytes'
    | 'publicBaseUrl'
    | 'port'
    | 'sandboxMode'
    | 'dashboardBaseUrl'
    | 'idempotencyTtlMs'
    | 'idempotencyLockTimeoutMs'
    | 'suppressionHashKey'
  > &
    Partial<Pick<Config, 'metricsToken' | 'reputation'>> &
    WebhooksConfig &
    SequencesDeps['config'];
  orm: MikroORM;
  /** The workflow client modules are built on it; nothing else in the API calls Temporal. */
  temporal: TemporalClient;
  logger: Logger;
  keys: KeyStore;
  providers: Providers;
  /** The API's Prometheus registry and HTTP metrics (default: a fresh registry for this app). */
  metrics?: ApiMetrics;
  /** One server span per request (observability/tracing.ts must have set up a provider). */
  tracing?: boolean;
  /** Rate limits of authenticated requests (docs/api/rate-limits.md); absent or null: none (RATE_LIMIT_ENABLED=false). */
  limiter?: RateLimiter | null;
}

export interface App {
  app: Koa<AppState>;
  /** Every route, public and authenticated: the source of the OpenAPI document and the auth matrix. */
  routes: RouteDef[];
}

export function createApp(deps: AppDeps): App {
  useSuppressionHashKey(deps.config.suppressionHashKey);
  const workflows = createWorkflowClients(deps.temporal, deps.config.temporalTaskQueue);
  const authenticated: RouteDef[] = [
    ...usersRoutes(deps.keys),
    ...contactsRoutes({ directory: deps.providers.directory }),
    ...erasureRoutes({ workflows }),
    ...accountsRoutes({ directory: deps.providers.directory }),
    ...crmRoutes({ crm: deps.providers.crm }),
    ...enrichmentRoutes({ enrichment: deps.providers.enrichment }),
    ...qualifyRoutes({ directory: deps.providers.directory }),
    ...searchRoutes(),
    ...activitiesRoutes(),
    ...auditLogRoutes(),
    ...webhooksRoutes(deps.config),
    ...exclusionsRoutes({ directory: deps.providers.directory }),
    ...sequenceTemplatesRoutes({ workflows, config: deps.config }),
    ...statsRoutes(),
    ...sequencesRoutes({ workflows, directory: deps.providers.directory, config: deps.config }),
    ...sequenceControlsRoutes({ workflows }),
    ...unenrollRoutes({ workflows }),
    ...messagesRoutes(),
    ...contactListsRoutes({ workflows, directory: deps.providers.directory }),
    ...accountListsRoutes({ workflows, directory: deps.providers.directory }),
    ...tasksRoutes(),
    ...taskActionsRoutes({ workflows, providers: deps.providers, config: deps.config }),
    ...playbooksRoutes(),
    ...eventsRoutes({ orm: deps.orm }),
    // Before the signals routes: /v1/signals/presets and /v1/signals/preview are not signal ids.
    ...signalPresetsRoutes({ signals: deps.providers.signals }),
    // Before the signals routes: /v1/signals/imports is not a signal id.
    ...signalImportsRoutes(),
    // Signals: the static /v1/signals/* routes (presets, preview, imports) must be mounted before
    // signalsRoutes, whose /v1/signals/{signal_id} would otherwise take them (@koa/router runs the
    // first matching route).
    ...signalsRoutes({ workflows, config: deps.config }),
    // Sandbox only: simulations of the outside world (opens, replies, bounces, meetings).
    ...(deps.config.sandboxMode
      ? testHelpersRoutes({ workflows, logger: deps.logger, reputation: deps.config.reputation })
      : []),
  ];
  const metrics = deps.metrics ?? createApiMetrics();
  const publicList: RouteDef[] = [
    ...publicRoutes({
      orm: deps.orm,
      workflows,
      openapi: servedOpenApi(() => buildOpenApi([...publicList, ...authenticated]), deps.config.publicBaseUrl),
    }),
    ...unsubscribeRoutes({ orm: deps.orm, workflows, config: deps.config }),
    ...trackingRoutes({ orm: deps.orm, workflows, logger: deps.logger, config: deps.config }),
    ...metricsRoutes({ registry: metrics.registry, token: deps.config.metricsToken }),
  ];

  const publicRouter = new Router<AppState>();
  mountRoutes(publicRouter, publicList);
  const router = new Router<AppState>();
  mountRoutes(router, authenticated);
  // Each request is matched against its resource's routes only (same answers as the full scan).
  indexRouterMatch(publicRouter);
  indexRouterMatch(router);
  const app = new Koa<AppState>();
  app.proxy = true;
  app.silent = true;
  app.use(requestContext(deps.logger));
  // Tracing outside metrics: the span is named after the route template the metrics middleware finds.
  if (deps.tracing) app.use(traceRequests());
  app.use(httpMetrics(metrics, [...publicList, ...authenticated]));
  app.use(compression());
  app.use(errorHandler(deps.config.bodyLimitBytes));
  app.use(fallback);
  // Before every route: a browser's preflight gets the no-CORS answer, with or without a key.
  app.use(refuseCorsPreflight);
  // Before every route, public ones too: a query that is not UTF-8 once decoded is 400, not U+FFFD.
  app.use(wellFormedQuery);
  // The public router only for paths it has (the same matching rule, remembered for static paths):
  // an authenticated request skips its match over every public route.
  const publicTemplate = templateResolver(publicList);
  // Typed as Koa middleware: the router adds its own context members when it runs.
  const publicMatch = publicRouter.routes() as unknown as Middleware<AppState>;
  const publicMethods = publicRouter.allowedMethods() as unknown as Middleware<AppState>;
  app.use((ctx: AppContext, next) =>
    publicTemplate(ctx.path) ? publicMatch(ctx, () => publicMethods(ctx, next)) : next(),
  );
  app.use(async (ctx: AppContext, next) => {
    // A public path with another method gets its 405 from allowedMethods above, not a 401.
    if (((ctx as unknown as { matched?: unknown[] }).matched?.length ?? 0) > 0) return;
    await next();
  });
  app.use(authenticate(deps.keys));
  const findRoute = routeFinder(router, authenticated);
  // Every authenticated write, refused or done, is in the audit log (docs/api/audit-log.md).
  app.use(auditWrites(deps.orm, findRoute));
  // Rate limits right after auth (they are per key and organization), before the body is read: a
  // refused request costs no parsing, and every authenticated answer (4xx, 404, 405) carries X-RateLimit-*.
  if (deps.limiter) app.use(rateLimit(deps.limiter, routeBudgets(findRoute)));
  // One reader for every JSON body: its exact bytes are kept (POST /v1/events hashes them and keeps its
  // payload's source text, Idempotency-Key fingerprints them); text that is not strict UTF-8 or not
  // well-formed Unicode is refused here, before anything is written. Signals' contract says 422 for it.
  app.use(
    jsonBody({
      limitBytes: deps.config.bodyLimitBytes,
      verbatimMembers: eventsVerbatimMembers,
      textIssueStatus: (ctx) => (findRoute(ctx.method, ctx.path)?.bodyTextCheckedByService ? 422 : 400),
    }),
  );
  // Idempotency-Key on authenticated POST routes (docs/api/idempotency.md): after the body is read
  // (its bytes are the request's fingerprint) and the key is known (keys are per organization).
  app.use(
    idempotency({
      orm: deps.orm,
      ttlMs: deps.config.idempotencyTtlMs,
      lockTimeoutMs: deps.config.idempotencyLockTimeoutMs,
      applies: coveredPosts(findRoute),
      renderErrors: errorHandler(deps.config.bodyLimitBytes),
      bodyBytes: requestBodyBytes,
      seal: sealedAnswers(deps.config.webhookSecretKey),
    }),
  );
  // The request's own EntityManager, forked when a route first reads ctx.state.em (api/request-logger.ts),
  // and the root one for routes that only run statements (api/context.ts).
  const forkEntityManager = () => deps.orm.em.fork() as AppState['em'];
  app.use((ctx: AppContext, next) => {
    ctx.state.rootEm = deps.orm.em as AppState['rootEm'];
    const state: unknown = ctx.state;
    if (state instanceof RequestState) state.forkEntityManagerOnUse(forkEntityManager);
    else ctx.state.em = forkEntityManager();
    return next();
  });
  // 405/OPTIONS by the route table where a static path and a parameter path compete; after auth (no key:
  // 401) and the body reader (a malformed body: 400 first), as the router's own 405 came.
  app.use(methodGuard(authenticated));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return { app, routes: [...publicList, ...authenticated] };
}
