// Static checks of docker-compose.yml and the Dockerfile: no Docker engine runs on the dev machines,
// so a renamed env var, entry file or search attribute would otherwise only surface at deploy time.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SEARCH_ATTRIBUTES } from '../../temporal/search-attributes.ts';
import { serviceReads } from '../helpers/config-readers.ts';
import { compose, environment, readRepoFile as read, root, service, type ComposeService } from './compose-file.ts';

function words(command: string | string[]): string[] {
  return Array.isArray(command) ? command : command.trim().split(/\s+/);
}

/** The argv of the Dockerfile's own CMD (the exec form; HEALTHCHECK's indented CMD is not it). */
function dockerfileCmd(): string[] {
  const matches = [...read('Dockerfile').matchAll(/^CMD\s+(\[.*\])\s*$/gm)];
  assert.ok(matches.length > 0, 'Dockerfile has no exec-form CMD');
  return JSON.parse(matches[matches.length - 1][1]) as string[];
}

const builtFromHere = (svc: ComposeService) =>
  svc.build === '.' || (typeof svc.build === 'object' && (svc.build.context ?? '.') === '.');

const appServices = ['api', 'worker', 'mailbox-worker'] as const;

describe('docker-compose.yml', () => {
  it('when parsed, then it defines postgres, temporal, temporal-setup, temporal-ui, migrate, api, worker and mailbox-worker', () => {
    for (const name of [
      'postgres',
      'temporal',
      'temporal-setup',
      'temporal-ui',
      'migrate',
      'api',
      'worker',
      'mailbox-worker',
    ]) {
      service(name);
    }
  });

  it('when parsed, then api and worker get DATABASE_URL and TEMPORAL_ADDRESS', () => {
    for (const name of appServices) {
      const env = environment(service(name));
      assert.ok(env.DATABASE_URL, `${name} has no DATABASE_URL`);
      assert.ok(env.TEMPORAL_ADDRESS, `${name} has no TEMPORAL_ADDRESS`);
    }
  });

  it('when parsed, then every env var api, worker and migrate set is one the service reads', () => {
    for (const name of [...appServices, 'migrate']) {
      for (const key of Object.keys(environment(service(name)))) {
        assert.ok(serviceReads(key), `${name} sets ${key}, which the service never reads`);
      }
    }
  });

  it('when parsed, then api and worker run at least two replicas', () => {
    for (const name of ['api', 'worker']) {
      assert.ok((service(name).deploy?.replicas ?? 1) >= 2, `${name} has fewer than 2 replicas`);
    }
  });

  it('when parsed, then no replicated service pins a single host port', () => {
    for (const [name, svc] of Object.entries(compose.services)) {
      if ((svc.deploy?.replicas ?? 1) < 2) continue;
      for (const port of svc.ports ?? []) {
        const published = typeof port === 'object' ? port.published : String(port).split(':').slice(0, -1).pop();
        assert.ok(
          published === undefined || published === '' || !/^\d+$/.test(String(published)),
          `${name} has ${svc.deploy?.replicas} replicas but publishes the fixed host port ${published}`,
        );
      }
    }
  });

  it('when parsed, then api reaches PostgreSQL at host postgres and Temporal at host temporal', () => {
    const env = environment(service('api'));
    // The password may be a `${VAR:-default}` interpolation, so read the host after the last '@'.
    const database = /@([^:/@]+)(?::\d+)?\/[^@]*$/.exec(env.DATABASE_URL);
    assert.equal(database?.[1], 'postgres', `unexpected DATABASE_URL ${env.DATABASE_URL}`);
    assert.equal(env.TEMPORAL_ADDRESS.split(':')[0], 'temporal');
  });

  it('when parsed, then api and worker start only after migrate and temporal-setup completed', () => {
    for (const name of appServices) {
      const deps = service(name).depends_on;
      assert.ok(deps && !Array.isArray(deps), `${name} needs depends_on with conditions`);
      assert.equal(deps.migrate?.condition, 'service_completed_successfully');
      assert.equal(deps['temporal-setup']?.condition, 'service_completed_successfully');
    }
  });

  it('when parsed, then temporal-setup registers every search attribute of temporal/search-attributes.ts', () => {
    const svc = service('temporal-setup');
    const script = [svc.entrypoint ?? [], svc.command ?? []].flat().join('\n');
    for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES)) {
      assert.match(script, new RegExp(`\\b${name}\\b`), `temporal-setup does not register ${name}`);
      assert.match(script, new RegExp(`--type ${type}\\b`), `temporal-setup registers no ${type} attribute`);
    }
  });

  it('when parsed, then the mailbox worker runs mailbox-worker.ts alone, its heap bounded by the flag MAILBOX_WORKER_HEAP_MB names, under its memory limit', () => {
    const svc = service('mailbox-worker');
    const argv = words(svc.command ?? []);
    assert.equal(argv.at(-1), 'mailbox-worker.ts');
    const flag = argv.find((word) => word.startsWith('--max-old-space-size='));
    assert.ok(flag, "the mailbox worker's heap is not bounded");
    const heapMb = Number(flag.split('=')[1]);
    assert.equal(
      heapMb,
      Number(environment(svc).MAILBOX_WORKER_HEAP_MB),
      'the heap flag and MAILBOX_WORKER_HEAP_MB differ',
    );
    const memory = /^(\d+)([mg])$/i.exec(String(svc.deploy?.resources?.limits?.memory ?? ''));
    assert.ok(memory, 'no memory limit');
    const limitMb = Number(memory[1]) * (memory[2].toLowerCase() === 'g' ? 1024 : 1);
    assert.ok(limitMb >= heapMb * 1.25, `a ${limitMb} MiB limit leaves no room beside a ${heapMb} MiB heap`);
    // The service's worker no longer runs the inbox sync: nothing else starts the mailbox queue's worker.
    assert.doesNotMatch(read('worker.ts'), /createMailboxSyncWorker/);
  });

  it('when the Dockerfile is read, then it exists and its CMD runs api/server.ts', () => {
    assert.ok(existsSync(join(root, 'Dockerfile')));
    assert.deepEqual(dockerfileCmd(), ['node', 'api/server.ts']);
  });

  it('when parsed, then every command of a service built from . names a file in the repo', () => {
    const built = Object.entries(compose.services).filter(([, svc]) => builtFromHere(svc));
    assert.ok(built.length >= 3, 'expected migrate, api and worker to be built from .');
    for (const [name, svc] of built) {
      const argv = svc.command === undefined ? dockerfileCmd() : words(svc.command);
      const files = argv.filter((word) => /\.(ts|mjs|js)$/.test(word));
      assert.ok(files.length > 0, `${name}'s command ${JSON.stringify(argv)} names no script`);
      for (const file of files) {
        assert.ok(existsSync(join(root, file)), `${name} runs ${file}, which does not exist`);
      }
    }
  });
});
