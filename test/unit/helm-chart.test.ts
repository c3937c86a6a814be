// The Helm chart (deploy/helm/outreach-workspace): `helm lint` passes, and what `helm template`
// renders is checked as Kubernetes would run it: every deployment has probes, requests and limits,
// runs non-root on a read-only root filesystem, takes every secret from the Secret by reference,
// sets only variables the service reads; the API scales by CPU, the worker by its task queue
// (KEDA), each component has a PodDisruptionBudget, and migrations run before an install or upgrade.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import YAML from 'yaml';
import { helmCli, projectRoot } from '../../scripts/tools.ts';
import { serviceReads } from '../helpers/config-readers.ts';

const CHART = join(projectRoot, 'deploy', 'helm', 'outreach-workspace');
// Helm built from source defaults to an old Kubernetes; render for a supported one.
const KUBE_VERSION = ['--kube-version', '1.31.0'];
const SECRETS = ['DATABASE_URL', 'WEBHOOK_SECRET_KEY', 'SMTP_URL', 'METRICS_TOKEN', 'TEMPORAL_API_KEY'];

interface Manifest {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- rendered YAML, checked field by field
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

function helm(args: string[]): string {
  const run = spawnSync(helmCli(), args, { encoding: 'utf8' });
  assert.equal(run.status, 0, `helm ${args.join(' ')}:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

function render(...sets: string[]): Manifest[] {
  const text = helm(['template', 'ows', CHART, ...KUBE_VERSION, ...sets.flatMap((set) => ['--set', set])]);
  return YAML.parseAllDocuments(text)
    .map((doc) => doc.toJS() as Manifest | null)
    .filter((doc): doc is Manifest => doc !== null);
}

const ofKind = (manifests: Manifest[], kind: string) => manifests.filter((m) => m.kind === kind);
// What the chart names its objects for the release `ows`.
const RELEASE_PREFIX = 'ows-outreach-workspace';
const named = (manifests: Manifest[], kind: string, suffix: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === `${RELEASE_PREFIX}-${suffix}`);
  assert.ok(found, `${kind} ${RELEASE_PREFIX}-${suffix} rendered`);
  return found;
};
const containers = (workload: Manifest) => workload.spec.template.spec.containers as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
const envOf = (workload: Manifest): EnvVar[] => containers(workload).flatMap((c) => (c.env ?? []) as EnvVar[]);

describe('Helm chart', function () {
  this.timeout(600_000);
  let defaults: Manifest[];
  before(() => {
    defaults = render();
  });

  it('when linted, then helm finds nothing to fix', () => {
    assert.match(helm(['lint', CHART, '--strict', ...KUBE_VERSION]), /1 chart\(s\) linted, 0 chart\(s\) failed/);
  });

  it('when rendered, then the API, the worker and the mailbox worker are deployments with probes, requests, limits and a budget each', () => {
    const deployments = ofKind(defaults, 'Deployment');
    assert.deepEqual(deployments.map((d) => d.metadata.name).sort(), [
      `${RELEASE_PREFIX}-api`,
      `${RELEASE_PREFIX}-mailbox-worker`,
      `${RELEASE_PREFIX}-worker`,
    ]);
    const budgets = ofKind(defaults, 'PodDisruptionBudget');
    for (const deployment of deployments) {
      for (const container of containers(deployment)) {
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          assert.ok(container[probe]?.httpGet?.path, `${deployment.metadata.name} ${probe}`);
          assert.equal(container[probe].httpGet.port, Number(container.ports[0].containerPort));
        }
        for (const bound of ['requests', 'limits'])
          assert.ok(container.resources?.[bound]?.cpu && container.resources[bound].memory, `${bound}`);
        assert.equal(container.securityContext.readOnlyRootFilesystem, true);
        assert.equal(container.securityContext.allowPrivilegeEscalation, false);
      }
      assert.equal(deployment.spec.template.spec.securityContext.runAsNonRoot, true);
      const podLabels = deployment.spec.template.metadata.labels;
      const budget = budgets.find((b) =>
        Object.entries(b.spec.selector.matchLabels).every(([key, value]) => podLabels[key] === value),
      );
      assert.ok(budget, `a PodDisruptionBudget selects ${deployment.metadata.name}`);
    }
  });

  it('when rendered, then no secret is in the chart: each comes from the Secret by reference, and no Secret is made', () => {
    assert.equal(ofKind(defaults, 'Secret').length, 0);
    for (const workload of [...ofKind(defaults, 'Deployment'), ...ofKind(defaults, 'Job')]) {
      for (const variable of envOf(workload)) {
        if (SECRETS.includes(variable.name)) {
          assert.equal(variable.value, undefined, `${variable.name} has no plain value`);
          assert.equal(variable.valueFrom?.secretKeyRef?.key, variable.name);
        } else {
          assert.doesNotMatch(variable.value ?? '', /:\/\/[^/\s]*:[^@/\s]*@/, `${variable.name} holds no credentials`);
        }
      }
    }
  });

  it('when rendered, then every variable set is one the service reads', () => {
    for (const workload of [...ofKind(defaults, 'Deployment'), ...ofKind(defaults, 'Job')]) {
      for (const { name } of envOf(workload)) {
        assert.ok(serviceReads(name), `${workload.metadata.name} sets ${name}, which the service never reads`);
      }
    }
  });

  it('when rendered, then the API scales by CPU and the worker by its task queue through KEDA', () => {
    const hpa = named(defaults, 'HorizontalPodAutoscaler', 'api');
    assert.equal(hpa.spec.scaleTargetRef.name, `${RELEASE_PREFIX}-api`);
    assert.equal(hpa.spec.metrics[0].resource.name, 'cpu');
    const scaled = named(defaults, 'ScaledObject', 'worker');
    assert.equal(scaled.spec.scaleTargetRef.name, `${RELEASE_PREFIX}-worker`);
    const [trigger] = scaled.spec.triggers;
    assert.equal(trigger.type, 'temporal');
    assert.equal(trigger.metadata.taskQueue, 'outreach');
    assert.equal(trigger.metadata.namespace, 'default');
    // Autoscaled deployments leave the replica count to their scaler.
    assert.equal(named(defaults, 'Deployment', 'api').spec.replicas, undefined);
    assert.equal(named(defaults, 'Deployment', 'worker').spec.replicas, undefined);
    assert.equal(named(defaults, 'Deployment', 'mailbox-worker').spec.replicas, 1);
  });

  it('when rendered, then the mailbox worker runs alone with its heap bound equal to MAILBOX_WORKER_HEAP_MB', () => {
    const mailbox = named(defaults, 'Deployment', 'mailbox-worker');
    const [container] = containers(mailbox);
    assert.deepEqual(container!.command, ['node', '--max-old-space-size=1024', 'mailbox-worker.ts']);
    assert.equal(envOf(mailbox).find((v) => v.name === 'MAILBOX_WORKER_HEAP_MB')?.value, '1024');
  });

  it('when rendered, then migrations run as a hook before install and upgrade, the directory load after', () => {
    const migrate = named(defaults, 'Job', 'migrate');
    assert.equal(migrate.metadata.annotations?.['helm.sh/hook'], 'pre-install,pre-upgrade');
    assert.deepEqual(containers(migrate)[0]!.command, ['node', 'scripts/migrate.ts']);
    const load = named(defaults, 'Job', 'directory-load');
    assert.equal(load.metadata.annotations?.['helm.sh/hook'], 'post-install,post-upgrade');
  });

  it('when Temporal Cloud with an API key and TLS files is configured, then the key and files are referenced and KEDA gets them too', () => {
    const manifests = render(
      'temporal.apiKey=true',
      'tlsSecretName=ows-tls',
      'temporal.clientCertKey=client.pem',
      'temporal.clientKeyKey=client.key',
      'database.caKey=db-ca.pem',
    );
    const worker = named(manifests, 'Deployment', 'worker');
    const env = Object.fromEntries(envOf(worker).map((v) => [v.name, v]));
    assert.equal(env.TEMPORAL_API_KEY?.valueFrom?.secretKeyRef?.key, 'TEMPORAL_API_KEY');
    assert.equal(env.TEMPORAL_TLS_CLIENT_CERT_PATH?.value, '/etc/outreach/tls/client.pem');
    assert.equal(env.DATABASE_SSL_CA?.value, '/etc/outreach/tls/db-ca.pem');
    assert.equal(
      worker.spec.template.spec.volumes.find((v: { name: string }) => v.name === 'tls').secret.secretName,
      'ows-tls',
    );
    const auth = named(manifests, 'TriggerAuthentication', 'temporal');
    assert.deepEqual(
      auth.spec.secretTargetRef.map((ref: { parameter: string }) => ref.parameter),
      ['apiKey', 'cert', 'key'],
    );
    assert.equal(named(manifests, 'ScaledObject', 'worker').spec.triggers[0].metadata.enableTLS, 'true');
  });

  it('when autoscaling is off, then fixed replica counts and no scalers', () => {
    const manifests = render('api.autoscaling.enabled=false', 'worker.autoscaling.enabled=false');
    assert.equal(ofKind(manifests, 'HorizontalPodAutoscaler').length, 0);
    assert.equal(ofKind(manifests, 'ScaledObject').length, 0);
    assert.equal(named(manifests, 'Deployment', 'api').spec.replicas, 2);
    assert.equal(named(manifests, 'Deployment', 'worker').spec.replicas, 2);
  });
});
