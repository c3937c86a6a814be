// The OpenAPI document built from createApp's route table, as the service builds the one it serves,
// with no database or Temporal: building the routes and the document only reads their definitions,
// so the dependencies the handlers use are left empty.
import type { MikroORM } from '@mikro-orm/postgresql';
import { pino } from 'pino';
import { createApp } from '../../api/app.ts';
import type { KeyStore } from '../../api/key-store.ts';
import { buildOpenApi } from '../../api/openapi.ts';
import { loadConfig } from '../../config.ts';
import { createProviders } from '../../providers/index.ts';
import type { TemporalClient } from '../../workflows/clients.ts';
import { withoutServers, type OpenApiDocument } from './committed.ts';

/**
 * The configuration of the document: the one the test stack (test/helpers/stack.ts) serves, fixed
 * here rather than read from the environment, so every machine writes the same file.
 */
const DOCUMENT_ENV = { SANDBOX_MODE: 'true', WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', BODY_LIMIT_BYTES: String(64 * 1024) };

/** The document of createApp's route table, as /v1/openapi.json serves it but without `servers`. */
export function serviceDocument(): OpenApiDocument {
  const config = loadConfig(DOCUMENT_ENV);
  const orm = {} as MikroORM;
  const { routes } = createApp({
    config,
    orm,
    temporal: {} as TemporalClient,
    logger: pino({ level: 'silent' }),
    keys: {} as KeyStore,
    providers: createProviders({ orm, config }),
  });
  return withoutServers(buildOpenApi(routes));
}
