// The embedded PostgreSQL starts with its data asked for under a fresh mode-700 folder and its
// binaries as installed in this clone. As root (PostgreSQL then runs as the `postgres` OS user) this
// proves the data and, from a clone the postgres user cannot reach, the binaries move where that
// user can reach them; as any other user it proves the ordinary path.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import {
  BINARY_CACHE,
  DATA_HOME,
  platformPackageDir,
  postgresOsUser,
  runsAsPostgresUser,
  unreachableReason,
} from '../../scripts/embedded-postgres-placement.ts';
import { freePort, startEmbeddedPostgres, type RunningPostgres } from '../../scripts/local-stack.ts';

describe('embedded PostgreSQL placement', function () {
  this.timeout(120_000);
  const made: string[] = [];
  const fresh = (mode: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'ows-placement-'));
    chmodSync(dir, mode);
    made.push(dir);
    return dir;
  };
  after(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('when a folder on the path withholds search (x) from a user, then it is named as the reason; with x for it, then none', () => {
    const stranger = { uid: 2_000_000_001, gid: 2_000_000_001 };
    const dir = fresh(0o700);
    mkdirSync(join(dir, 'inner'), { mode: 0o755 });
    assert.match(unreachableReason(join(dir, 'inner'), stranger) ?? '', new RegExp(`${dir} \\(mode 700`));
    chmodSync(dir, 0o711);
    assert.equal(unreachableReason(join(dir, 'inner'), stranger), null);
    // The owner bits, not the other bits, apply to the owner.
    const owner = { uid: statSync(dir).uid, gid: 2_000_000_001 };
    chmodSync(dir, 0o071);
    assert.ok(unreachableReason(dir, owner));
    chmodSync(dir, 0o700);
  });

  it('when the data is asked for under a mode-700 folder, then PostgreSQL starts, keeps it across a restart and stops', async () => {
    const requested = join(fresh(0o700), 'nested', 'postgres');
    const port = await freePort();
    const start = () => startEmbeddedPostgres({ dataDir: requested, port, database: 'placement', persistent: true });
    let running: RunningPostgres | undefined = await start();
    const moved = running.dataDir !== requested;
    try {
      assert.equal(moved, runsAsPostgresUser(), `data in ${running.dataDir}`);
      if (moved) {
        assert.equal(dirname(dirname(running.dataDir!)), DATA_HOME);
        assert.equal(unreachableReason(dirname(running.dataDir!), postgresOsUser()), null);
      }
      const query = async (text: string) => {
        const client = new pg.Client({ connectionString: running!.url });
        await client.connect();
        try {
          return (await client.query(text)).rows;
        } finally {
          await client.end();
        }
      };
      assert.deepEqual(await query('SHOW data_directory'), [{ data_directory: running.dataDir }]);
      await query('CREATE TABLE kept (id int)');
      await running.stop();
      running = await start();
      assert.deepEqual(
        await query("SELECT to_regclass('kept')::text AS t"),
        [{ t: 'kept' }],
        'the same data after a restart',
      );
      // The binaries ran from the clone, or from the root-owned cache when the postgres user cannot reach the clone's.
      const installed = platformPackageDir();
      const cached =
        runsAsPostgresUser() && unreachableReason(join(installed, 'native', 'bin'), postgresOsUser()) !== null;
      const [{ bindir }] = await query("SELECT setting AS bindir FROM pg_config WHERE name = 'BINDIR'");
      assert.ok(String(bindir).startsWith(cached ? `${BINARY_CACHE}/` : installed), `binaries ran from ${bindir}`);
    } finally {
      await running?.stop();
      if (running && moved) rmSync(dirname(running.dataDir!), { recursive: true, force: true });
    }
  });
});
