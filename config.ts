// Configuration read once from the environment. Every process (API, worker, scripts) builds its
// settings here, so each variable has one name, one default and one place that documents it.
import { DATABASE_SSL_MODES, type DatabaseTls } from './db/database-tls.ts';
import type { TemporalTls } from './temporal/tls.ts';
import type { WorkerDeployment } from './temporal/worker-versioning.ts';
import type { ReputationRule } from './domain/mailboxes/reputation-rule.ts';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** TLS to DATABASE_URL's server (DATABASE_SSL_MODE, DATABASE_SSL_CA); the embedded default is plain. */
  databaseTls: DatabaseTls;
  temporalAddress: string | undefined;
  /** TLS, mutual TLS and API key toward Temporal (TEMPORAL_TLS*, TEMPORAL_API_KEY); the dev server is plain. */
  temporalTls: TemporalTls;
  temporalNamespace: string;
  temporalTaskQueue: string;
  /** Worker Versioning: the deployment and build the workers poll as (both from the release); unset: unversioned. */
  workerDeployment: WorkerDeployment | undefined;
  temporalUiPort: number;
  temporalCli: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  logLevel: string;
  bodyLimitBytes: number;
  keyCacheTtlMs: number;
  lastUsedFlushMs: number;
  publicBaseUrl: string | undefined;
  shutdownTimeoutMs: number;
  /** Connections each process's PostgreSQL pool may open. */
  dbPoolMax: number;
  /** How long the services' pool keeps an unused connection open (DB_POOL_IDLE_MS). */
  dbPoolIdleMs: number;
  /** Hot statements prepared by name on each connection (DATABASE_PREPARED_STATEMENTS, default true). */
  dbPreparedStatements: boolean;
  /** Activities (regular / local) one worker runs at once; each may hold two connections. */
  workerActivityConcurrency: number;
  workerLocalActivityConcurrency: number;
  /** Running workflows a worker keeps in its sticky cache (its memory grows with them); 0: the SDK's default, sized from the heap. */
  workerMaxCachedWorkflows: number;
  /** The SDK's per-call workflow sandbox timeout (deadlock guard) in ms; 0: off (temporal/deadlock-guard.ts). */
  workflowDeadlockMs: number;
  /** How the inbox sync waits for mail: auto (IDLE when the server offers it, else polling) or poll (always polling). */
  mailboxSyncMode: 'auto' | 'poll';
  /** Inbox sync activities (one per connected mailbox, mostly waiting on IMAP) the mailbox worker runs at once. */
  mailboxSyncConcurrency: number;
  /** An inbox message larger than this (its RFC822.SIZE) is read as its header and the start of its body only. */
  mailboxMessageMaxBytes: number;
  /** Bytes one fetch of inbox messages may bring at most (it also stops at 50 messages). */
  mailboxBatchMaxBytes: number;
  /** Bytes of inbox messages the mailbox worker holds at once, over all its syncs: a batch waits for its share. */
  mailboxFetchBudgetBytes: number;
  /** Minutes the cursor may stay still while mail waits (or the inbox go unread) before the mailbox shows it. */
  mailboxSyncStallMinutes: number;
  /** The mailbox worker's V8 heap limit in MiB (--max-old-space-size), set by whatever starts it. */
  mailboxWorkerHeapMb: number;
  /** Port of the mailbox worker's Prometheus endpoint and health check; 0: none. */
  mailboxWorkerMetricsPort: number;
  /** Connections the mailbox worker's PostgreSQL pool may open (a sync holds one only while it records). */
  mailboxDbPoolMax: number;
  /** When hard bounces pause a sender's mailbox (REPUTATION_*; domain/mailboxes/reputation-rule.ts). */
  reputation: ReputationRule;
  /** Size of the generated sandbox directory (fixed records are always included). */
  directoryCompanies: number;
  directoryPeople: number;
  /** Enrichment credits a new organization starts with. */
  startingEnrichmentCredits: number;
  /** How long the sandbox's asynchronous enrichment provider takes to answer. */
  enrichAsyncDelayMs: number;
  /** How long the sandbox verifier takes for addresses at slow-verify.test. */
  slowVerifyMs: number;
  /** How long POST /v1/sequences waits for the enrollment check before answering 202. */
  enrollmentWaitMs: number;
  /** SMTP server the mail transport sends through (smtp:// or smtps://); unset: the sandbox transport. */
  smtpUrl: string | undefined;
  /** Sandbox mode: the /v1/test-helpers routes exist (default: on unless SMTP_URL is set). */
  sandboxMode: boolean;
  /** Key that encrypts webhook secrets at rest (any string; hashed to an AES-256 key). */
  webhookSecretKey: string;
  /** Key of the suppression hash of erased people (SUPPRESSION_HASH_KEY; unset: derived from WEBHOOK_SECRET_KEY). */
  suppressionHashKey: string;
  /** Allow http:// subscription URLs to loopback hosts (local stack and tests). */
  webhookAllowHttpLoopback: boolean;
  /** Allow subscription URLs that resolve to private or link-local addresses. */
  webhookAllowPrivate: boolean;
  /** Timeout of one delivery attempt. */
  webhookTimeoutMs: number;
  /** How often the dispatcher looks for due deliveries when idle. */
  webhookPollMs: number;
  /** How often the event-resolution workflow drains PENDING ingested events (about two minutes by default). */
  eventResolutionIntervalMs: number;
  /** Events claimed per resolution batch (one transaction); a full batch is followed by another at once. */
  eventResolutionBatch: number;
  /** Dashboard origin of the deep links in API answers (signals' url and list_url). */
  dashboardBaseUrl: string;
  /** Rate limiting (docs/api/rate-limits.md): on by default; fixed windows of rateLimitWindowMs. */
  rateLimitEnabled: boolean;
  rateLimitWindowMs: number;
  /** Requests one API key may make per window. */
  rateLimitPerKey: number;
  /** Requests all keys of one organization may make together per window. */
  rateLimitPerOrg: number;
  /** Calls of enrichment routes (those that spend credits) one organization may make per window. */
  rateLimitEnrichmentPerOrg: number;
  /** How long an Idempotency-Key and its stored response are kept (docs/api/idempotency.md). */
  idempotencyTtlMs: number;
  /** The lease of a claimed Idempotency-Key, renewed while its request runs: how long a claim left by a crashed process blocks retries. */
  idempotencyLockTimeoutMs: number;
  /** When set, GET /metrics requires `Authorization: Bearer <METRICS_TOKEN>`; unset: it is public. */
  metricsToken: string | undefined;
  /** Port of the worker's Prometheus endpoint (GET /metrics, bound on HOST); 0: none. */
  workerMetricsPort: number;
  /** Set: on SIGPWR the worker writes heap snapshots of its workflow threads here (docs/operations.md). */
  workerThreadSnapshotDir: string | undefined;
  /**
   * OTLP/HTTP collector base URL; set: traces are exported to <it>/v1/traces, unset: tracing is off.
   * The exporter itself reads the other standard OTEL_EXPORTER_OTLP_* variables (headers, timeout).
   */
  otlpEndpoint: string | undefined;
  /** service.name of the spans (default outreach-api / outreach-worker). */
  otelServiceName: string | undefined;
  /** Days an audit log entry is kept (domain/audit); at least 31, the table refuses deleting younger ones. */
  auditRetentionDays: number;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`Environment variable ${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`Environment variable ${name} must be true or false, got ${JSON.stringify(raw)}`);
}

function text(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

export const DEVELOPMENT_WEBHOOK_SECRET_KEY = 'local-development-only-webhook-secret-key';
export const MIN_SECRET_KEY_LENGTH = 32;

/**
 * WEBHOOK_SECRET_KEY encrypts webhook secrets and signs unsubscribe and tracking links. Outside
 * sandbox mode (SMTP_URL set or SANDBOX_MODE=false: real mail to real people) the public
 * development default would let anyone forge those links and decrypt a database dump, so a
 * missing, default or short key refuses to start (SECURITY.md).
 */
function webhookSecretKey(env: Env, sandboxMode: boolean): string {
  const key = text(env, 'WEBHOOK_SECRET_KEY');
  if (sandboxMode) return key ?? DEVELOPMENT_WEBHOOK_SECRET_KEY;
  if (!key || key === DEVELOPMENT_WEBHOOK_SECRET_KEY || key.length < MIN_SECRET_KEY_LENGTH) {
    throw new Error(
      `Environment variable WEBHOOK_SECRET_KEY must be set to a random value of at least ${MIN_SECRET_KEY_LENGTH} characters ` +
        'outside sandbox mode (SMTP_URL set or SANDBOX_MODE=false); e.g. `openssl rand -base64 48`.',
    );
  }
  return key;
}

/**
 * SUPPRESSION_HASH_KEY keys the hash that stays of an erased person (domain/people/suppression-hash.ts).
 * Unset, it is derived from WEBHOOK_SECRET_KEY; set, it lets that key rotate without unblocking
 * every erased person (a changed suppression key matches none of the stored hashes). Outside
 * sandbox mode a set key is at least as long as WEBHOOK_SECRET_KEY must be.
 */
function suppressionHashKey(env: Env, sandboxMode: boolean, secretKey: string): string {
  const key = text(env, 'SUPPRESSION_HASH_KEY');
  if (key === undefined) return `webhook-secret-key:${secretKey}`;
  if (!sandboxMode && key.length < MIN_SECRET_KEY_LENGTH)
    throw new Error(
      `Environment variable SUPPRESSION_HASH_KEY must be at least ${MIN_SECRET_KEY_LENGTH} characters when set ` +
        'outside sandbox mode; e.g. `openssl rand -base64 48`.',
    );
  return key;
}

function syncMode(env: Env): 'auto' | 'poll' {
  const raw = (text(env, 'MAILBOX_SYNC_MODE') ?? 'auto').toLowerCase();
  if (raw === 'auto' || raw === 'poll') return raw;
  throw new Error(`Environment variable MAILBOX_SYNC_MODE must be auto or poll, got ${JSON.stringify(raw)}`);
}

const MIB = 1024 * 1024;

/**
 * The inbox sync's byte bounds, each at least the one before it: a message at the size limit fits a
 * batch, and a batch fits the worker's budget (a batch never waits for more than the budget holds).
 */
function mailboxSizes(
  env: Env,
): Pick<Config, 'mailboxMessageMaxBytes' | 'mailboxBatchMaxBytes' | 'mailboxFetchBudgetBytes'> {
  const message = integer(env, 'MAILBOX_MESSAGE_MAX_BYTES', 10 * MIB, 64 * 1024);
  const batch = integer(env, 'MAILBOX_BATCH_MAX_BYTES', Math.max(32 * MIB, message), 1);
  const budget = integer(env, 'MAILBOX_FETCH_BUDGET_BYTES', Math.max(64 * MIB, batch), 1);
  if (batch < message)
    throw new Error(
      `Environment variable MAILBOX_BATCH_MAX_BYTES (${batch}) must be at least MAILBOX_MESSAGE_MAX_BYTES (${message})`,
    );
  if (budget < batch)
    throw new Error(
      `Environment variable MAILBOX_FETCH_BUDGET_BYTES (${budget}) must be at least MAILBOX_BATCH_MAX_BYTES (${batch})`,
    );
  return { mailboxMessageMaxBytes: message, mailboxBatchMaxBytes: batch, mailboxFetchBudgetBytes: budget };
}

/**
 * TLS to DATABASE_URL's server (db/database-tls.ts applies it). A URL that carries its own
 * `sslmode` (or `ssl`) is refused: the ORM reads only host, port, user, password and database from
 * the URL, so such a parameter would be ignored and the connection would silently stay plain text.
 */
function databaseTls(env: Env): DatabaseTls {
  const raw = text(env, 'DATABASE_SSL_MODE')?.trim() || 'disable';
  const mode = DATABASE_SSL_MODES.find((known) => known === raw.toLowerCase());
  if (!mode) {
    throw new Error(
      `Environment variable DATABASE_SSL_MODE must be one of ${DATABASE_SSL_MODES.join(', ')}, got ${JSON.stringify(raw)}`,
    );
  }
  const caFile = text(env, 'DATABASE_SSL_CA')?.trim() || undefined;
  if (caFile && mode !== 'verify-full') {
    throw new Error(
      `Environment variable DATABASE_SSL_CA is only used with DATABASE_SSL_MODE=verify-full (got ${mode}): set both, or neither`,
    );
  }
  const url = text(env, 'DATABASE_URL');
  if (url && /[?&](sslmode|ssl|sslrootcert|sslcert|sslkey)=/i.test(url)) {
    throw new Error(
      'DATABASE_URL must not carry sslmode or other ssl parameters (they would be ignored): ' +
        'set DATABASE_SSL_MODE (disable, require, verify-full) and DATABASE_SSL_CA instead',
    );
  }
  return { mode, caFile };
}

/**
 * TLS toward Temporal (temporal/tls.ts applies it), in the variables of Temporal's own environment
 * configuration: any file, a server name or an API key implies TLS.
 */
function temporalTls(env: Env): TemporalTls {
  const settings = {
    serverCaFile: text(env, 'TEMPORAL_TLS_SERVER_CA_CERT_PATH')?.trim() || undefined,
    serverName: text(env, 'TEMPORAL_TLS_SERVER_NAME')?.trim() || undefined,
    clientCertFile: text(env, 'TEMPORAL_TLS_CLIENT_CERT_PATH')?.trim() || undefined,
    clientKeyFile: text(env, 'TEMPORAL_TLS_CLIENT_KEY_PATH')?.trim() || undefined,
    apiKey: text(env, 'TEMPORAL_API_KEY')?.trim() || undefined,
  };
  if (Boolean(settings.clientCertFile) !== Boolean(settings.clientKeyFile)) {
    throw new Error(
      'Environment variables TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH go together: set both, or neither',
    );
  }
  const implied = Object.values(settings).some((setting) => setting !== undefined);
  const enabled = flag(env, 'TEMPORAL_TLS', implied);
  if (!enabled && implied) {
    throw new Error('TEMPORAL_TLS=false contradicts the TEMPORAL_TLS_* or TEMPORAL_API_KEY settings: remove one');
  }
  // A renewed certificate reaches new connections within this time; kubelet refreshes a mounted Secret in about a minute.
  const reloadSeconds = integer(env, 'TEMPORAL_TLS_RELOAD_SECONDS', 60);
  return { enabled, ...settings, reloadSeconds };
}

/** Worker Versioning (temporal/worker-versioning.ts): the release's deployment name and build id, both or neither. */
function workerDeployment(env: Env): WorkerDeployment | undefined {
  const name = text(env, 'TEMPORAL_WORKER_DEPLOYMENT_NAME')?.trim() || undefined;
  const buildId = text(env, 'TEMPORAL_WORKER_BUILD_ID')?.trim() || undefined;
  if (!name && !buildId) return undefined;
  if (!name || !buildId) {
    throw new Error(
      'Environment variables TEMPORAL_WORKER_DEPLOYMENT_NAME and TEMPORAL_WORKER_BUILD_ID go together: set both (from the release), or neither',
    );
  }
  return { name, buildId };
}

export function loadConfig(env: Env = process.env): Config {
  const sandbox = flag(env, 'SANDBOX_MODE', text(env, 'SMTP_URL') === undefined);
  return {
    port: integer(env, 'PORT', 3000),
    host: text(env, 'HOST') ?? '127.0.0.1',
    databaseUrl: text(env, 'DATABASE_URL'),
    databaseTls: databaseTls(env),
    temporalAddress: text(env, 'TEMPORAL_ADDRESS'),
    temporalTls: temporalTls(env),
    temporalNamespace: text(env, 'TEMPORAL_NAMESPACE') ?? 'default',
    temporalTaskQueue: text(env, 'TEMPORAL_TASK_QUEUE') ?? 'outreach',
    workerDeployment: workerDeployment(env),
    temporalUiPort: integer(env, 'TEMPORAL_UI_PORT', 8233, 1),
    temporalCli: text(env, 'TEMPORAL_CLI'),
    dataDir: text(env, 'DATA_DIR') ?? '.data',
    embeddedPgPort: integer(env, 'EMBEDDED_PG_PORT', 5488, 1),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1),
    keyCacheTtlMs: integer(env, 'KEY_CACHE_TTL_MS', 5000),
    lastUsedFlushMs: integer(env, 'LAST_USED_FLUSH_MS', 10000, 100),
    publicBaseUrl: text(env, 'PUBLIC_BASE_URL'),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10000, 0),
    dbPoolMax: integer(env, 'DB_POOL_MAX', 24, 2),
    dbPoolIdleMs: integer(env, 'DB_POOL_IDLE_MS', 60_000, 1000),
    dbPreparedStatements: flag(env, 'DATABASE_PREPARED_STATEMENTS', true),
    workerActivityConcurrency: integer(env, 'WORKER_ACTIVITY_CONCURRENCY', 8, 1),
    workerLocalActivityConcurrency: integer(env, 'WORKER_LOCAL_ACTIVITY_CONCURRENCY', 3, 1),
    workerMaxCachedWorkflows: integer(env, 'WORKER_MAX_CACHED_WORKFLOWS', 0, 0),
    workflowDeadlockMs: integer(env, 'WORKFLOW_DEADLOCK_MS', 0, 0),
    mailboxSyncMode: syncMode(env),
    mailboxSyncConcurrency: integer(env, 'MAILBOX_SYNC_CONCURRENCY', 500, 1),
    ...mailboxSizes(env),
    mailboxSyncStallMinutes: integer(env, 'MAILBOX_SYNC_STALL_MINUTES', 15, 2),
    mailboxWorkerHeapMb: integer(env, 'MAILBOX_WORKER_HEAP_MB', 1024, 256),
    mailboxWorkerMetricsPort: integer(env, 'MAILBOX_WORKER_METRICS_PORT', 9465, 0),
    mailboxDbPoolMax: integer(env, 'MAILBOX_DB_POOL_MAX', 8, 2),
    reputation: {
      bounceRatePercent: integer(env, 'REPUTATION_BOUNCE_RATE_PERCENT', 5, 0),
      windowSends: integer(env, 'REPUTATION_WINDOW_SENDS', 100, 1),
      minSends: integer(env, 'REPUTATION_MIN_SENDS', 20, 1),
    },
    directoryCompanies: integer(env, 'DIRECTORY_COMPANIES', 20000, 0),
    directoryPeople: integer(env, 'DIRECTORY_PEOPLE', 200000, 0),
    startingEnrichmentCredits: integer(env, 'STARTING_ENRICHMENT_CREDITS', 100, 0),
    enrichAsyncDelayMs: integer(env, 'ENRICH_ASYNC_DELAY_MS', 2000, 0),
    slowVerifyMs: integer(env, 'SLOW_VERIFY_MS', 60000, 0),
    enrollmentWaitMs: integer(env, 'ENROLLMENT_WAIT_MS', 20000, 0),
    smtpUrl: text(env, 'SMTP_URL'),
    sandboxMode: sandbox,
    webhookSecretKey: webhookSecretKey(env, sandbox),
    suppressionHashKey: suppressionHashKey(env, sandbox, webhookSecretKey(env, sandbox)),
    webhookAllowHttpLoopback: flag(env, 'WEBHOOK_ALLOW_HTTP_LOOPBACK', false),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 15000, 1),
    webhookPollMs: integer(env, 'WEBHOOK_POLL_MS', 200, 10),
    eventResolutionIntervalMs: integer(env, 'EVENT_RESOLUTION_INTERVAL_MS', 120_000, 100),
    eventResolutionBatch: integer(env, 'EVENT_RESOLUTION_BATCH', 500, 1),
    dashboardBaseUrl: (text(env, 'DASHBOARD_BASE_URL') ?? 'https://app.example.com').replace(/\/+$/, ''),
    rateLimitEnabled: flag(env, 'RATE_LIMIT_ENABLED', true),
    rateLimitWindowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 100),
    rateLimitPerKey: integer(env, 'RATE_LIMIT_PER_KEY', 1200, 1),
    rateLimitPerOrg: integer(env, 'RATE_LIMIT_PER_ORG', 3000, 1),
    rateLimitEnrichmentPerOrg: integer(env, 'RATE_LIMIT_ENRICHMENT_PER_ORG', 120, 1),
    idempotencyTtlMs: integer(env, 'IDEMPOTENCY_TTL_MS', 86_400_000, 1000),
    idempotencyLockTimeoutMs: integer(env, 'IDEMPOTENCY_LOCK_TIMEOUT_MS', 30_000, 1000),
    metricsToken: text(env, 'METRICS_TOKEN'),
    workerMetricsPort: integer(env, 'WORKER_METRICS_PORT', 9464, 0),
    workerThreadSnapshotDir: text(env, 'WORKER_THREAD_SNAPSHOT_DIR'),
    otlpEndpoint: text(env, 'OTEL_EXPORTER_OTLP_ENDPOINT'),
    otelServiceName: text(env, 'OTEL_SERVICE_NAME'),
    auditRetentionDays: integer(env, 'AUDIT_RETENTION_DAYS', 400, 31),
  };
}
