// The calls to the event-resolution workflow (one per task queue): every worker asks for it at
// start (all but the first find it running), and a change that waits for its next drain wakes it.
import type { Client } from '@temporalio/client';
import { WorkflowIdConflictPolicy } from '@temporalio/common';
import type { Config } from '../config.ts';
import { temporalCall } from '../temporal/failures.ts';
import {
  EVENT_RESOLUTION_WORKFLOW,
  drainNowSignal,
  eventResolutionWorkflowId,
  type EventResolutionInput,
} from './event-resolution.definitions.ts';

export interface EventResolutionClient {
  /** Starts the task queue's event-resolution workflow unless it runs. */
  ensure(config: Pick<Config, 'eventResolutionIntervalMs' | 'eventResolutionBatch'>): Promise<void>;
  /** drainNowSignal: drain now instead of at the next interval. */
  drainNow(): Promise<void>;
}

export function createEventResolutionClient(temporal: Client, taskQueue: string): EventResolutionClient {
  const workflowId = eventResolutionWorkflowId(taskQueue);
  return {
    async ensure(config) {
      const args: [EventResolutionInput] = [
        { intervalMs: config.eventResolutionIntervalMs, batchSize: config.eventResolutionBatch },
      ];
      await temporalCall(() =>
        temporal.workflow.start(EVENT_RESOLUTION_WORKFLOW, {
          taskQueue,
          workflowId,
          args,
          workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
        }),
      );
    },
    async drainNow() {
      await temporalCall(() => temporal.workflow.getHandle(workflowId).signal(drainNowSignal));
    },
  };
}
