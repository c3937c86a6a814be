// A test-only workflow: waits a durable timer, then calls an activity. It proves the worker, the
// time-skipping server and the full stack, and it never ships in workflows/index.ts.
import {
  condition,
  defineQuery,
  defineSignal,
  proxyActivities,
  setHandler,
  sleep,
  workflowInfo,
} from '@temporalio/workflow';
import type { TestActivities } from './test-activities.ts';

const { echo } = proxyActivities<TestActivities>({ startToCloseTimeout: '10 seconds', retry: { maximumAttempts: 3 } });

export const statusQuery = defineQuery<{ phase: 'waiting' | 'done'; wakeAt: string }>('status');
export const skipSignal = defineSignal('skip');

export interface CountdownResult {
  echoed: string;
  startedAt: string;
  finishedAt: string;
}

export async function countdownWorkflow(delayMs: number, message: string): Promise<CountdownResult> {
  const startedAt = new Date();
  let phase: 'waiting' | 'done' = 'waiting';
  let skipped = false;
  setHandler(statusQuery, () => ({ phase, wakeAt: new Date(startedAt.getTime() + delayMs).toISOString() }));
  setHandler(skipSignal, () => {
    skipped = true;
  });
  await Promise.race([sleep(delayMs), condition(() => skipped)]);
  const echoed = await echo(`${message} from ${workflowInfo().workflowId}`);
  phase = 'done';
  return { echoed, startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString() };
}
