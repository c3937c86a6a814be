// Lint rules. Beyond the recommended sets, workflow code is kept deterministic: no Node
// built-ins, no I/O libraries, no ORM, and only type imports of activities. And the layers hold:
// api/ -> domain/ -> db/, providers/, workflow client modules (workflows/*.client.ts); domain/
// never imports api/ or Koa; nothing but the client modules and temporal/ calls Temporal; routes
// never query.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'readline',
  'stream',
  'timers',
  'tls',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

const restricted = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/** Temporal is called through the workflow client modules (workflows/*.client.ts, built in createApp/createActivities). */
const temporalSdk = {
  group: ['@temporalio/*'],
  message: 'Call Temporal through a workflow client module (workflows/<name>.client.ts), handed in as a dependency.',
};
const workerCode = {
  group: ['**/activities/**', '**/workflows/*.workflow', '**/workflows/*.workflow.ts', '**/worker.ts'],
  message: 'Workflows and activities run in the worker: start or signal them through a workflow client module.',
};
const temporalOnlyThroughClients = [
  temporalSdk,
  {
    group: ['**/temporal/*'],
    message: 'Temporal connections and failures belong to process entry points and the workflow client modules.',
  },
  workerCode,
];
/** The domain does not know it is served over HTTP. */
const domainLayer = [
  ...temporalOnlyThroughClients,
  {
    group: ['**/api/**', '**/api'],
    message:
      'domain/ never imports api/: throw a DomainError (domain/shared/errors.ts) and let the error handler map it.',
  },
  { group: ['koa', 'koa-*', '@koa/*'], message: 'domain/ never imports Koa: take plain data in, give plain data out.' },
];
/** The API reads and writes through domain use cases; db/ only for entity types and enum constants. */
const apiLayer = [
  ...temporalOnlyThroughClients,
  {
    group: ['**/db/**', '!**/db/entities', '!**/db/entities/**'],
    message: 'api/ reaches the database through domain/ use cases (entity constants and types are fine).',
  },
  { group: ['pg', 'pg-*'], message: 'api/ reaches the database through domain/ use cases.' },
];
const noKysely = { group: ['kysely'], message: 'Queries live in domain/ use cases.' };
/** The API's own stores query their tables through the typed Kysely of db/kysely.ts. */
const apiStoreLayer = [
  ...temporalOnlyThroughClients,
  {
    group: ['**/db/**', '!**/db/entities', '!**/db/entities/**', '!**/db/kysely.ts'],
    message: 'api/ reaches the database through domain/ use cases (entity constants and types are fine).',
  },
  { group: ['pg', 'pg-*'], message: 'api/ reaches the database through domain/ use cases.' },
];
/** A route validates, calls one service function and answers: no queries, no ORM beyond types. */
const routeLayer = [
  ...apiLayer,
  noKysely,
  {
    group: ['@mikro-orm/*'],
    allowTypeImports: true,
    message: 'Routes never query: call a domain use case (MikroORM types are fine).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.data/**',
      '.tools/**',
      '.bench/**',
      'db/migrations/Migration*.ts',
      'clients/typescript/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        AbortSignal: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['workflows/**/*.ts', 'test/**/*.workflow.ts', 'test/**/workflows.ts'],
    // The client modules run in the API and the activities, never in a workflow: they call Temporal.
    ignores: ['workflows/*.client.ts', 'workflows/clients.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'Workflow code must be deterministic: no Node built-ins.',
          })),
          patterns: [
            { group: ['node:*'], message: 'Workflow code must be deterministic: no Node built-ins.' },
            {
              group: [
                '@mikro-orm/*',
                'pg',
                'pg-*',
                'koa',
                '@koa/*',
                'pino',
                '@temporalio/client',
                '@temporalio/worker',
                '@temporalio/activity',
              ],
              message: 'Workflow code does no I/O: use an activity.',
            },
            {
              group: ['**/activities/*', '**/activities', '!**/activities/*.definitions*'],
              allowTypeImports: true,
              message: 'Import activity types only (import type), and call them through proxyActivities.',
            },
            {
              group: ['**/db/*', '**/api/*', '**/providers/*', '**/scripts/*'],
              message: 'Workflow code imports only @temporalio/workflow, definitions and activity types.',
            },
            {
              group: [
                '**/*.client',
                '**/*.client.ts',
                '**/clients',
                '**/clients.ts',
                '**/temporal/client*',
                '**/temporal/failures*',
              ],
              message:
                'Workflow code never calls the Temporal client: use the workflow APIs (signals, child workflows) or an activity.',
            },
            {
              group: [
                '**/domain/*/*',
                '!**/domain/shared/text.ts',
                '!**/domain/shared/time.ts',
                '!**/domain/sequences/schedule-window.ts',
                '!**/domain/sequences/statuses.ts',
                '!**/domain/sequences/record.ts',
                '!**/domain/sequences/pause-state.ts',
                '!**/domain/tasks/reminder.types.ts',
                '!**/domain/signals/signal-change.ts',
                // The enrollment folder's pure modules (the folder itself is let through, then each of its files held back but these).
                '!**/domain/sequences/enrollment',
                '**/domain/sequences/enrollment/*',
                '!**/domain/sequences/enrollment/enrollment.types.ts',
                '!**/domain/sequences/enrollment/policy.ts',
              ],
              message: 'Workflow code imports only pure modules of domain/ (no I/O): list a new pure module here.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
        { name: 'setInterval', message: 'Use sleep() in a loop from @temporalio/workflow.' },
        { name: 'fetch', message: 'Workflow code does no I/O: use an activity.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message:
            'Deterministic time comes from the workflow runtime (Date is replaced there) — prefer workflowInfo() or sleep().',
        },
        {
          object: 'Math',
          property: 'random',
          message: 'Use uuid4() or the workflow-seeded Math.random only through the SDK.',
        },
      ],
    },
  },
  { files: ['domain/**/*.ts'], rules: restricted(domainLayer) },
  { files: ['api/**/*.ts'], rules: restricted([...apiLayer, noKysely]) },
  // The API's own stores (idempotency keys, rate-limit counters) are HTTP concerns, not domain
  // use cases: they keep their queries beside the middleware that needs them.
  { files: ['api/middleware/idempotency.ts', 'api/rate-limiter.ts'], rules: restricted(apiStoreLayer) },
  // The process entry point opens the database and the Temporal connection and hands them in.
  { files: ['api/server.ts'], rules: restricted([temporalSdk, workerCode]) },
  { files: ['api/routes/**/*.ts'], rules: restricted(routeLayer) },
);
