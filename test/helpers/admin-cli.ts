// The admin CLI as an operator runs it: a child process on the stack's database and Temporal (and
// its secret key, so what it seals the stack's worker can open).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Stack } from './stack.ts';

const script = fileURLToPath(new URL('../../scripts/admin.ts', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface AdminCli {
  /** Runs the CLI with `args`: its exit code and output. */
  run(...args: string[]): CliRun;
  /** Runs it with `input` on standard input and `env` added to its environment. */
  runWith(options: { input?: string; env?: Record<string, string> }, ...args: string[]): CliRun;
  /** Runs it with --json, asserts exit 0 and answers the parsed output. */
  json(...args: string[]): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each command prints its own shape
}

export function adminCli(stack: Stack): AdminCli {
  const runWith = (options: { input?: string; env?: Record<string, string> }, ...args: string[]) => {
    const result = spawnSync(process.execPath, [script, ...args], {
      env: {
        ...process.env,
        DATABASE_URL: stack.databaseUrl,
        TEMPORAL_ADDRESS: stack.temporalAddress,
        TEMPORAL_TASK_QUEUE: stack.taskQueue,
        WEBHOOK_SECRET_KEY: stack.config.webhookSecretKey,
        ...options.env,
      },
      input: options.input ?? '',
      encoding: 'utf8',
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const run = (...args: string[]) => runWith({}, ...args);
  return {
    run,
    runWith,
    json(...args) {
      const result = run(...args, '--json');
      assert.equal(result.code, 0, result.stderr);
      return JSON.parse(result.stdout);
    },
  };
}
