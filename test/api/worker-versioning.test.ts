// A rollout under Worker Versioning on the stack's Temporal server (scripts/versioning/rollout-check.ts):
// build B, whose workflow answers differently, is deployed beside A and made current. The PINNED run
// started on A finishes on A, a new run starts and finishes on B, an AUTO_UPGRADE run moves to B;
// nothing is lost. `npm run bench -- cluster --rollout` runs the same check on the real server.
import assert from 'node:assert/strict';
import { NativeConnection } from '@temporalio/worker';
import { checkRollout } from '../../scripts/versioning/rollout-check.ts';
import { getStack } from '../helpers/stack.ts';

describe('Worker Versioning rollout', function () {
  this.timeout(180_000);

  it('when build B is made current beside A, then the pinned run ends on A, a new run on B, and an upgrading run moves to B', async () => {
    const stack = await getStack();
    const connection = await NativeConnection.connect({ address: stack.temporalAddress });
    try {
      const outcome = await checkRollout({ client: stack.temporal, connection });
      assert.deepEqual(outcome, {
        pinnedStartedOnA: 'A',
        startedAfterRollout: 'B',
        upgrading: 'B',
        aServedToTheEnd: true,
        lost: 0,
      });
    } finally {
      await connection.close();
    }
  });
});
