// The rollout side of `npm run bench -- cluster --rollout`, after the load: the rollout check of
// scripts/versioning/rollout-check.ts on the cluster's own server (through its mTLS frontend with
// --tls), and how the service's runs spread over builds a and b (the visibility store's
// TemporalWorkerDeploymentVersion), as one printed line.
import { NativeConnection } from '@temporalio/worker';
import { connectTemporal } from '../../temporal/client.ts';
import { temporalSecurity } from '../../temporal/tls.ts';
import { clientTls } from '../cluster/temporal-cluster.ts';
import { CLUSTER_DEPLOYMENT_NAME } from '../cluster/service-workers.ts';
import type { Cluster } from '../cluster/topology.ts';
import { checkRollout } from '../versioning/rollout-check.ts';

export async function rolloutLine(cluster: Cluster, say: (line: string) => void): Promise<string> {
  const tls = cluster.tls ? clientTls(cluster.tls) : undefined;
  const { client, connection } = await connectTemporal({
    address: cluster.temporal.address,
    namespace: 'default',
    tls,
  });
  const native = await NativeConnection.connect({
    address: cluster.temporal.address,
    ...(tls ? temporalSecurity(tls) : {}),
  });
  try {
    say('rollout check: build A, runs, build B beside it and current ...');
    const outcome = await checkRollout({ client, connection: native, log: say });
    // The server writes the version as name:build (older releases name.build): both are counted.
    const runsOn = async (buildId: string) => {
      const ids = [':', '.'].map((d) => `'${CLUSTER_DEPLOYMENT_NAME}${d}${buildId}'`).join(', ');
      const query = `WorkflowType = 'sequenceWorkflow' AND TemporalWorkerDeploymentVersion IN (${ids})`;
      return (await client.workflow.count(query)).count;
    };
    const spread = await Promise.all(['a', 'b'].map(runsOn)).then(
      ([a, b]) => `sequence runs last on build a ${a}, on build b ${b}`,
      (error: unknown) => `sequence runs by build: not counted (${String(error)})`,
    );
    return (
      `rollout: pinned run started on A ended on ${outcome.pinnedStartedOnA}, a run started after the rollout on ${outcome.startedAfterRollout}, ` +
      `the upgrading run on ${outcome.upgrading}; A served to the end: ${outcome.aServedToTheEnd ? 'yes' : 'NO'}; lost ${outcome.lost}; ${spread}`
    );
  } finally {
    await native.close();
    await connection.close();
  }
}
