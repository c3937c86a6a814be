// The production properties of docker-compose.yml and the Dockerfile, each checked on its own so a
// regression names itself: required secrets, production mode, private metrics, ports, pool
// arithmetic, health checks, restart policies, resource limits, pinned images, npm ci.
import assert from 'node:assert/strict';
import { loadConfig } from '../../config.ts';
import { ormConfig } from '../../db/mikro-orm.config.ts';
import { compose, composeText, environment, interpolate, longRunning, readRepoFile, service } from './compose-file.ts';

/** Variables `docker compose up` must refuse to start without: none may have a default. */
const REQUIRED = [
  'POSTGRES_PASSWORD',
  'WEBHOOK_SECRET_KEY',
  'METRICS_TOKEN',
  'SMTP_URL',
  'PUBLIC_BASE_URL',
  'DASHBOARD_BASE_URL',
];

/** Values an operator would set, for resolving the file as Compose does. */
const SAMPLE_VARS: Record<string, string> = {
  POSTGRES_PASSWORD: 'pg-Secret_1',
  WEBHOOK_SECRET_KEY: 'k'.repeat(48),
  METRICS_TOKEN: 'metrics-token',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  PUBLIC_BASE_URL: 'https://api.example.com',
  DASHBOARD_BASE_URL: 'https://app.example.com',
};

/** The services Temporal's server process runs when SERVICES is unset; each opens its own pools. */
const TEMPORAL_SERVICES = ['frontend', 'history', 'matching', 'worker'];
/** psql sessions, the admin CLI, backups and PostgreSQL's superuser-reserved slots. */
const ADMIN_HEADROOM = 10;

const resolvedEnv = (name: string, vars: Record<string, string | undefined> = SAMPLE_VARS) =>
  Object.fromEntries(Object.entries(environment(service(name))).map(([key, value]) => [key, interpolate(value, vars)]));

const number = (value: string | undefined, what: string) => {
  const parsed = Number(value);
  assert.ok(Number.isInteger(parsed) && parsed > 0, `${what} is not a positive integer: ${value}`);
  return parsed;
};

describe('docker-compose.yml for production', () => {
  it('when a secret is referenced, then always as ${NAME:?message}: never a default, never optional', () => {
    for (const name of REQUIRED) {
      const references = [...composeText.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))];
      assert.ok(references.length > 0, `${name} is never used`);
      for (const [whole, rest] of references)
        assert.match(rest, /^:\?\S/, `${whole} does not fail fast with a message`);
    }
    // The only defaults the file may have are settings, not credentials.
    const defaults = [...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?-/g)].map((match) => match[1]);
    assert.deepEqual(
      [...new Set(defaults)],
      ['TEMPORAL_WORKER_DEPLOYMENT_NAME', 'TEMPORAL_WORKER_BUILD_ID', 'PROXY_PORT'],
    );
  });

  it('when a required variable is missing, then resolving api, worker, postgres and temporal fails naming it', () => {
    for (const missing of REQUIRED) {
      const vars = { ...SAMPLE_VARS, [missing]: undefined };
      const users = ['api', 'worker', 'postgres', 'temporal', 'temporal-schema', 'migrate'].filter((name) =>
        Object.values(environment(service(name))).some((value) => value.includes(`\${${missing}:?`)),
      );
      assert.ok(users.length > 0, `no service needs ${missing}`);
      for (const name of users)
        assert.throws(
          () => resolvedEnv(name, vars),
          new RegExp(`required variable ${missing}`),
          `${name} starts without ${missing}`,
        );
    }
  });

  it("when api and worker load their configuration, then production mode: no sandbox, the operator's key, real mail, public links, metrics token", () => {
    for (const name of ['api', 'worker', 'mailbox-worker']) {
      const config = loadConfig(resolvedEnv(name));
      assert.equal(config.sandboxMode, false, `${name} runs in sandbox mode (test-helper routes mounted)`);
      assert.equal(config.webhookSecretKey, SAMPLE_VARS.WEBHOOK_SECRET_KEY);
      assert.equal(config.smtpUrl, SAMPLE_VARS.SMTP_URL);
      assert.equal(config.publicBaseUrl, SAMPLE_VARS.PUBLIC_BASE_URL);
      assert.equal(config.dashboardBaseUrl, SAMPLE_VARS.DASHBOARD_BASE_URL);
      assert.equal(config.metricsToken, SAMPLE_VARS.METRICS_TOKEN);
      assert.equal(config.webhookAllowHttpLoopback, false);
      assert.equal(config.webhookAllowPrivate, false);
    }
  });

  it('when /metrics is asked for from outside, then the proxy answers 404 and nothing else publishes a metrics port', () => {
    const proxy = service('proxy');
    const mount = (proxy.volumes ?? []).find((volume) => volume.endsWith(':/etc/nginx/conf.d/default.conf:ro'));
    assert.ok(mount, 'the proxy does not mount its configuration read-only');
    const conf = readRepoFile(mount.split(':')[0].replace(/^\.\//, ''));
    assert.match(conf, /location = \/metrics \{\s*return 404;\s*\}/);
    assert.match(conf, /proxy_pass \$api_upstream;/);
    assert.equal(service('worker').ports, undefined, 'the worker publishes its metrics port');
    assert.equal(service('mailbox-worker').ports, undefined, 'the mailbox worker publishes its metrics port');
    assert.equal(service('api').ports, undefined, 'an API replica is published around the proxy');
  });

  it('when a port is published, then on 127.0.0.1, except the proxy: the one public entry', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      for (const port of svc.ports ?? []) {
        if (name === 'proxy') continue;
        const hostIp =
          typeof port === 'object'
            ? port.host_ip
            : String(port).split(':').length === 3
              ? String(port).split(':')[0]
              : undefined;
        assert.equal(hostIp, '127.0.0.1', `${name} publishes ${JSON.stringify(port)} on every interface`);
      }
    }
    assert.deepEqual(service('proxy').ports, ['${PROXY_PORT:-80}:80']);
    assert.equal(service('postgres').ports, undefined, 'PostgreSQL is published');
  });

  it('when every pool is at its maximum, then PostgreSQL still has max_connections to spare', () => {
    const pool = (name: string) => loadConfig({ DB_POOL_MAX: resolvedEnv(name).DB_POOL_MAX }).dbPoolMax;
    const replicas = (name: string) => service(name).deploy?.replicas ?? 1;
    const temporal = resolvedEnv('temporal');
    const perTemporalService =
      number(temporal.SQL_MAX_CONNS, 'SQL_MAX_CONNS') + number(temporal.SQL_VIS_MAX_CONNS, 'SQL_VIS_MAX_CONNS');
    assert.equal(temporal.SERVICES, undefined, 'temporal runs a subset of its services: recount its pools');
    // migrate and directory-load open the ORM's default pool, one after the other.
    const oneShot = (ormConfig({ databaseUrl: 'postgres://u:p@h/db' }).pool as { max: number }).max;
    const mailboxPool = loadConfig({
      MAILBOX_DB_POOL_MAX: resolvedEnv('mailbox-worker').MAILBOX_DB_POOL_MAX,
    }).mailboxDbPoolMax;
    const needed =
      replicas('api') * pool('api') +
      replicas('worker') * pool('worker') +
      replicas('mailbox-worker') * mailboxPool +
      TEMPORAL_SERVICES.length * perTemporalService +
      oneShot +
      ADMIN_HEADROOM;
    assert.match(composeText, new RegExp(`\\b${needed}\\s+-> max_connections`), `the header's sum is not ${needed}`);
    const command = [service('postgres').command ?? []].flat().join(' ');
    const max = number(/max_connections=(\d+)/.exec(command)?.[1], 'postgres max_connections');
    assert.ok(max >= needed, `max_connections ${max} < ${needed} the pools may open`);
    assert.match(
      composeText,
      new RegExp(`-> max_connections ${max}\\b`),
      "the arithmetic in the file's header is out of date",
    );
  });

  it("when a service runs for good, then it has a health check; the worker's polls its /healthz", () => {
    for (const [name, svc] of longRunning()) {
      assert.ok(svc.healthcheck && !svc.healthcheck.disable && svc.healthcheck.test, `${name} has no health check`);
    }
    const worker = service('worker');
    const port = resolvedEnv('worker').WORKER_METRICS_PORT;
    assert.match([worker.healthcheck?.test ?? []].flat().join(' '), new RegExp(`127\\.0\\.0\\.1:${port}/healthz`));
    const mailboxPort = resolvedEnv('mailbox-worker').MAILBOX_WORKER_METRICS_PORT;
    assert.match(
      [service('mailbox-worker').healthcheck?.test ?? []].flat().join(' '),
      new RegExp(`127\\.0\\.0\\.1:${mailboxPort}/healthz`),
    );
    assert.match([service('temporal').healthcheck?.test ?? []].flat().join(' '), /operator cluster health/);
  });

  it('when a service ends, then its restart policy decides: long-running ones come back, one-shot jobs do not', () => {
    const oneShots = ['temporal-schema', 'temporal-setup', 'migrate', 'directory-load'];
    for (const [name, svc] of Object.entries(compose.services)) {
      assert.ok(svc.restart, `${name} has no restart policy`);
      assert.equal(svc.restart === 'no', oneShots.includes(name), `${name} has restart ${svc.restart}`);
      if (svc.restart !== 'no') assert.match(svc.restart, /^(unless-stopped|always)$/);
    }
  });

  it('when a service runs, then CPU and memory limits bound it', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      const limits = svc.deploy?.resources?.limits;
      assert.ok(limits?.cpus !== undefined && Number(limits.cpus) > 0, `${name} has no CPU limit`);
      assert.match(String(limits?.memory ?? ''), /^\d+[kmg]$/i, `${name} has no memory limit`);
    }
  });

  it('when an image is pulled, then by an exact version; the Node image is the Node the tests ran on', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      if (!svc.image || svc.build) continue;
      assert.match(
        svc.image,
        /(:\d+\.\d+(\.\d+)?[^:@]*|@sha256:[0-9a-f]{64})$/,
        `${name}'s image ${svc.image} is not pinned to a version`,
      );
    }
    const lock = JSON.parse(readRepoFile('package-lock.json')) as { packages: Record<string, { version?: string }> };
    const from = /^FROM node:(\d+\.\d+\.\d+)-/m.exec(readRepoFile('Dockerfile'));
    assert.equal(
      from?.[1],
      lock.packages['node_modules/node']?.version,
      "the Dockerfile's Node differs from the tests' one",
    );
  });

  it('when Temporal starts, then the release image of the same version as its schema tools, after the schema job', () => {
    const temporal = service('temporal');
    const version = /^temporalio\/server:(\d+\.\d+\.\d+)$/.exec(temporal.image ?? '')?.[1];
    assert.ok(version, `temporal runs ${temporal.image}, not the release image`);
    assert.ok(!compose.services.temporal.image?.includes('auto-setup'));
    for (const name of ['temporal-schema', 'temporal-setup']) {
      assert.ok(
        service(name).image?.startsWith(`temporalio/admin-tools:${version}-`),
        `${name} is not admin-tools ${version}`,
      );
    }
    const deps = temporal.depends_on as Record<string, { condition?: string }>;
    assert.equal(deps['temporal-schema']?.condition, 'service_completed_successfully');
    assert.equal(resolvedEnv('temporal').DB, 'postgres12');
    const script = [service('temporal-schema').command ?? []].flat().join('\n');
    for (const step of ['create-database', 'setup-schema --version 0.0', 'update-schema --schema-dir'])
      assert.ok(script.includes(step), `temporal-schema does not ${step}`);
    assert.match(script, /for db in temporal temporal_visibility/);
    assert.match(script, /schema\/postgresql\/v12\/\$\$dir\/versioned/);
  });

  it('when the image is built, then npm ci installs the lockfile, never npm install', () => {
    const dockerfile = readRepoFile('Dockerfile');
    assert.match(dockerfile, /^RUN npm ci --omit=dev\b/m);
    assert.doesNotMatch(dockerfile, /npm install/);
  });
});
