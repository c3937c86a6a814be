// The worker's memory gauges by part (observability/thread-memory.ts) on a registry of their own: the
// main thread's heap, a worker thread's heap while it lives, the process's resident memory by kind,
// and the heap snapshot of a worker thread (observability/thread-snapshot.ts).
import assert from 'node:assert/strict';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { createRegistry } from '../../observability/metrics.ts';
import { registerThreadMemoryMetrics, type ThreadTracker } from '../../observability/thread-memory.ts';
import { snapshotThreads } from '../../observability/thread-snapshot.ts';
import { parseMemoryMetrics, recordWorkerMemory, slope, slopesFrom } from '../../scripts/bench/worker-memory.ts';
import { sampleValue } from '../helpers/prometheus.ts';

const MiB = 1024 * 1024;

/** A worker thread that holds about 40 MiB of its own heap (5 million doubles) until terminated. */
async function startHeavyThread(): Promise<Worker> {
  const worker = new Worker(
    'globalThis.held = Array.from({ length: 5e6 }, (_, i) => i + 0.5); ' +
      'require("node:worker_threads").parentPort.postMessage("ready"); setInterval(() => {}, 1000);',
    { eval: true },
  );
  await once(worker, 'message');
  return worker;
}

describe('worker memory gauges', () => {
  let tracker: ThreadTracker | undefined;
  let thread: Worker | undefined;

  afterEach(async () => {
    await thread?.terminate();
    tracker?.close();
  });

  it("when scraped, then the main heap, a live worker thread's heap and the process's resident memory by kind appear with sane values", async function () {
    const registry = createRegistry('worker');
    tracker = registerThreadMemoryMetrics(registry);
    assert.equal(registerThreadMemoryMetrics(registry), tracker, 'one tracker per registry');
    thread = await startHeavyThread();
    const label = `workflow-${thread.threadId}`;
    const text = await registry.metrics();

    const mainUsed = sampleValue(text, 'worker_heap_used_bytes', { thread: 'main' });
    const mainTotal = sampleValue(text, 'worker_heap_total_bytes', { thread: 'main' });
    assert.ok(mainUsed! > 1 * MiB && mainUsed! <= mainTotal!, `main heap used ${mainUsed} of ${mainTotal}`);
    const threadUsed = sampleValue(text, 'worker_heap_used_bytes', { thread: label });
    const threadTotal = sampleValue(text, 'worker_heap_total_bytes', { thread: label });
    assert.ok(
      threadUsed! > 30 * MiB && threadUsed! <= threadTotal!,
      `${label} heap used ${threadUsed} of ${threadTotal}`,
    );
    assert.ok(sampleValue(text, 'worker_heap_external_bytes', { thread: label })! >= 0);
    const threadPhysical = sampleValue(text, 'worker_heap_physical_bytes', { thread: label })!;
    assert.ok(
      threadPhysical > 30 * MiB && threadPhysical < threadTotal! + 8 * MiB,
      `${label} heap resident ${threadPhysical} of ${threadTotal}`,
    );
    assert.equal(sampleValue(text, 'worker_heap_detached_contexts', { thread: label }), 0);

    if (process.platform === 'linux') {
      const kind = (k: string) => sampleValue(text, 'worker_process_memory_bytes', { kind: k })!;
      assert.ok(kind('rss') > mainUsed! + threadUsed!, `rss ${kind('rss')} holds both heaps`);
      assert.ok(kind('anon') > threadUsed! && kind('file') > 0, `anon ${kind('anon')}, file ${kind('file')}`);
      // /proc/self/status reads its fields at slightly different moments: equal within a MiB.
      assert.ok(Math.abs(kind('anon') + kind('file') + kind('shmem') - kind('rss')) < MiB);
      assert.ok(kind('peak_rss') >= kind('rss'));
    }

    await thread.terminate();
    thread = undefined;
    const after = await registry.metrics();
    assert.equal(
      sampleValue(after, 'worker_heap_used_bytes', { thread: label }),
      undefined,
      'an exited thread is dropped',
    );
    assert.ok(sampleValue(after, 'worker_heap_used_bytes', { thread: 'main' })! > 0);
  });

  it('when a thread is started after the tracker closed, then it is not followed', async () => {
    tracker = registerThreadMemoryMetrics(createRegistry('worker'));
    tracker.close();
    thread = await startHeavyThread();
    assert.equal(tracker.threads().size, 0);
  });

  it("when snapshotted, then each live worker thread's heap is written as a heap snapshot file", async () => {
    tracker = registerThreadMemoryMetrics(createRegistry('worker'));
    thread = new Worker('setInterval(() => {}, 1000);', { eval: true });
    await once(thread, 'online');
    const dir = await mkdtemp(join(tmpdir(), 'thread-snapshot-'));
    try {
      const files = await snapshotThreads(tracker, dir);
      assert.equal(files.length, 1);
      assert.match(files[0], new RegExp(`workflow-${thread.threadId}-.*\\.heapsnapshot$`));
      const handle = await open(files[0]);
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
      await handle.close();
      assert.match(buffer.subarray(0, bytesRead).toString('utf8'), /^\{"snapshot":/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('bench worker memory series', () => {
  it("when a scrape is read, then rss, anon, file and each thread's heap used come out in MiB, other series left out", () => {
    const text = [
      'worker_process_memory_bytes{kind="rss",service="worker"} 524288000',
      'worker_process_memory_bytes{kind="anon",service="worker"} 503316480',
      'worker_process_memory_bytes{kind="file",service="worker"} 20971520',
      'worker_process_memory_bytes{kind="peak_rss",service="worker"} 600000000',
      'worker_heap_used_bytes{thread="main",service="worker"} 104857600',
      'worker_heap_used_bytes{thread="workflow-1",service="worker"} 209715200',
      'worker_heap_total_bytes{thread="main",service="worker"} 209715200',
    ].join('\n');
    assert.deepEqual(parseMemoryMetrics(text), {
      rss: 500,
      anon: 480,
      file: 20,
      'heap main': 100,
      'heap workflow-1': 200,
    });
  });

  it('when series grow steadily or stay flat, then their slopes over the later samples are MiB a minute', () => {
    assert.equal(
      slope([
        { x: 0, y: 1 },
        { x: 1, y: 3 },
        { x: 2, y: 5 },
      ]),
      2,
    );
    assert.ok(Number.isNaN(slope([{ x: 0, y: 1 }])));
    const samples = [0, 60, 120, 180, 240].map((t) => ({
      t,
      series: { rss: t < 120 ? 100 + t : 500 + (t / 60) * 5, anon: 50 },
    }));
    const slopes = slopesFrom(samples, 120);
    assert.ok(Math.abs(slopes.rss - 5) < 1e-9, `rss ${slopes.rss}`);
    assert.equal(slopes.anon, 0);
  });

  it('when the load ticks for a minute, then the worker is sampled every 15 s and printed at 0 s and 60 s, its smaps split into malloc and other anon', async () => {
    const registry = createRegistry('worker');
    const tracker = registerThreadMemoryMetrics(registry);
    const server = createServer((_req, res) => void registry.metrics().then((text) => res.end(text)));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const printed: string[] = [];
      const recorder = recordWorkerMemory(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`,
        process.pid,
        (line) => printed.push(line),
      );
      for (let elapsed = 0.5; elapsed <= 60; elapsed += 0.5) recorder.tick(elapsed);
      const samples = await recorder.finish(60);
      assert.deepEqual(
        samples.map((s) => s.t),
        [0, 15, 30, 45, 60],
      );
      assert.equal(printed.length, 2);
      assert.match(printed[1], /^ {2}worker memory 60s .*heap main \d+/);
      const last = samples.at(-1)!.series;
      assert.ok(last['heap main'] > 1 && last.rss > last['heap main'], JSON.stringify(last));
      if (process.platform === 'linux')
        assert.ok(
          last.malloc > 0 && last['other anon'] > 0 && last.malloc + last['other anon'] < last.rss,
          JSON.stringify(last),
        );
    } finally {
      server.close();
      tracker.close();
    }
  });
});
