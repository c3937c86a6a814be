// Lint rules. Beyond the recommended sets, workflow code is kept deterministic: no Node
// built-ins, no I/O libraries, no ORM, and only type imports of activities.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['assert', 'buffer', 'child_process', 'cluster', 'crypto', 'dgram', 'dns', 'events', 'fs', 'fs/promises',
  'http', 'http2', 'https', 'net', 'os', 'path', 'perf_hooks', 'process', 'readline', 'stream', 'timers', 'tls', 'url', 'util',
  'v8', 'vm', 'worker_threads', 'zlib'];

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', '.tools/**', '.bench/**', 'db/migrations/Migration*.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', AbortSignal: 'readonly' } },
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
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: nodeBuiltins.map((name) => ({ name, message: 'Workflow code must be deterministic: no Node built-ins.' })),
        patterns: [
          { group: ['node:*'], message: 'Workflow code must be deterministic: no Node built-ins.' },
          { group: ['@mikro-orm/*', 'pg', 'pg-*', 'koa', '@koa/*', 'pino', '@temporalio/client', '@temporalio/worker', '@temporalio/activity'], message: 'Workflow code does no I/O: use an activity.' },
          { group: ['**/activities/*', '**/activities', '!**/activities/*.definitions*'], allowTypeImports: true, message: 'Import activity types only (import type), and call them through proxyActivities.' },
          { group: ['**/db/*', '**/api/*', '**/providers/*', '**/scripts/*'], message: 'Workflow code imports only @temporalio/workflow, definitions and activity types.' },
        ],
      }],
      'no-restricted-globals': ['error',
        { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' },
        { name: 'setInterval', message: 'Use sleep() in a loop from @temporalio/workflow.' },
        { name: 'fetch', message: 'Workflow code does no I/O: use an activity.' },
      ],
      'no-restricted-properties': ['error',
        { object: 'Date', property: 'now', message: 'Deterministic time comes from the workflow runtime (Date is replaced there) — prefer workflowInfo() or sleep().' },
        { object: 'Math', property: 'random', message: 'Use uuid4() or the workflow-seeded Math.random only through the SDK.' },
      ],
    },
  },
);
