// The workflows of a release for the Worker Versioning rollout check: the same commands in every
// build (so a run started on one replays on the next), a different answer, which tells the build a
// run ended on. Each build-*.workflow.ts is one build.
import { condition, defineSignal, setHandler, setWorkflowOptions } from '@temporalio/workflow';
import { pinnedWhenVersioned } from '../../workflows/versioning.definitions.ts';

export const finishSignal = defineSignal('finish');
/** Does nothing but give the run a workflow task, where an AUTO_UPGRADE run moves to the current build. */
export const tickSignal = defineSignal('tick');

export function versionedWorkflows(build: string) {
  async function untilFinished(): Promise<string> {
    let finished = false;
    setHandler(finishSignal, () => void (finished = true));
    setHandler(tickSignal, () => {});
    await condition(() => finished);
    return build;
  }
  /** Declares what the service's short workflows declare: it ends on the build that started it. */
  async function pinnedWorkflow(): Promise<string> {
    return untilFinished();
  }
  setWorkflowOptions(pinnedWhenVersioned, pinnedWorkflow);
  /** Declares nothing: the worker's default (AUTO_UPGRADE) moves it to the current build. */
  async function upgradingWorkflow(): Promise<string> {
    return untilFinished();
  }
  return { pinnedWorkflow, upgradingWorkflow };
}
