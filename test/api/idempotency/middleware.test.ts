// The idempotency middleware itself behind a fake handler: thrown 5xx and refusals release the key,
// 4xx outcomes are stored, an in-flight request answers 409.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { AppContext, AppState } from '../../../api/context.ts';
import { ApiIssue, notFound, unavailable, validationIssue } from '../../../api/errors.ts';
import type { Principal } from '../../../api/key-store.ts';
import { errorHandler } from '../../../api/middleware/error-handler.ts';
import { idempotency } from '../../../api/middleware/idempotency.ts';
import { apiSuite, type TestOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';

const HEADER = 'Idempotency-Key';

describe('idempotency middleware (fake handler)', function () {
  this.timeout(120_000);
  let stack: Stack;
  let org: TestOrg;
  let server: Server;
  let url: string;
  const runs = new Map<string, number>();
  let hold: Promise<void> | undefined;

  /** A handler per path: each counts its runs; /flaky fails with a 500 on its first run only. */
  async function handler(ctx: AppContext): Promise<void> {
    const n = (runs.get(ctx.path) ?? 0) + 1;
    runs.set(ctx.path, n);
    switch (ctx.path) {
      case '/flaky':
        if (n === 1) throw new Error('the database went away');
        ctx.status = 201;
        ctx.body = { run: n };
        ctx.set('Location', `/things/${n}`);
        return;
      case '/unavailable':
        if (n === 1) throw unavailable('Temporal is down.');
        ctx.status = 202;
        ctx.body = { run: n };
        return;
      case '/refused':
        throw new ApiIssue(429, 'RateLimitIssue', 'Slow down.');
      case '/invalid':
        throw validationIssue('Invalid.', [{ path: 'x', message: 'is invalid' }], 422);
      case '/gone':
        throw notFound('Thing');
      case '/text':
        // A JSON body already serialised, as GET /v1/events answers: replayed as the same bytes.
        ctx.type = 'application/json';
        ctx.status = 200;
        ctx.body = `{"b": 1.50,  "a":[ ], "run":${n}}`;
        return;
      case '/slow':
        await hold;
        ctx.status = 201;
        ctx.body = { run: n };
        return;
      default:
        ctx.status = 204;
    }
  }

  /** The middleware in front of `handler` on a server of its own, with the given lock timeout (lease). */
  async function serve(lockTimeoutMs: number): Promise<{ server: Server; url: string }> {
    const app = new Koa<AppState>();
    app.silent = true;
    app.use(errorHandler(1024));
    app.use(async (ctx: AppContext, next) => {
      ctx.state.requestId = randomUUID();
      ctx.state.principal = { organizationId: org.organizationId } as Principal;
      await next();
    });
    app.use(bodyParser({ enableTypes: ['json'] }));
    app.use(
      idempotency({
        orm: stack.orm,
        ttlMs: 86_400_000,
        lockTimeoutMs,
        applies: (ctx) => ctx.path !== '/uncovered',
        renderErrors: errorHandler(1024),
      }),
    );
    app.use(handler);
    const listening = createServer(app.callback());
    await new Promise<void>((done) => listening.listen(0, '127.0.0.1', done));
    return { server: listening, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}` };
  }

  let shortLease: { server: Server; url: string };

  before(async () => {
    ({ stack, org } = await apiSuite());
    ({ server, url } = await serve(300_000));
    shortLease = await serve(1000);
  });

  after(async () => {
    for (const s of [server, shortLease?.server]) if (s) await new Promise<void>((done) => s.close(() => done()));
  });

  const send = async (path: string, idemKey: string, body: unknown = { a: 1 }, base = url) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADER]: idemKey },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };

  it('when the handler throws (500), then the key is released and the retry runs and is stored', async () => {
    const idemKey = randomUUID();
    const failed = await send('/flaky', idemKey);
    assert.equal(failed.status, 500, failed.text);
    assert.equal(JSON.parse(failed.text).type, 'InternalIssue');
    const retried = await send('/flaky', idemKey);
    assert.equal(retried.status, 201, retried.text);
    assert.equal(retried.headers.get('idempotent-replayed'), null);
    const replay = await send('/flaky', idemKey);
    assert.equal(replay.status, 201);
    assert.equal(replay.text, retried.text);
    assert.equal(replay.headers.get('location'), '/things/2');
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(runs.get('/flaky'), 2);
  });

  it('when the handler answers 503, 429 or a ValidationIssue, then nothing is stored and the key can run again', async () => {
    const idemKey = randomUUID();
    assert.equal((await send('/unavailable', idemKey)).status, 503);
    assert.equal((await send('/unavailable', idemKey)).status, 202);
    assert.equal(runs.get('/unavailable'), 2);
    for (const path of ['/refused', '/invalid']) {
      const key = randomUUID();
      const first = await send(path, key);
      const second = await send(path, key);
      assert.equal(second.status, first.status);
      assert.equal(second.headers.get('idempotent-replayed'), null, path);
      assert.equal(runs.get(path), 2, path);
    }
  });

  it('when the handler answers a 404 outcome or a string JSON body, then both are stored and replayed byte for byte', async () => {
    const goneKey = randomUUID();
    const gone = await send('/gone', goneKey);
    assert.equal(gone.status, 404);
    const goneAgain = await send('/gone', goneKey);
    assert.equal(goneAgain.text, gone.text);
    assert.equal(goneAgain.headers.get('idempotent-replayed'), 'true');
    assert.equal(runs.get('/gone'), 1);

    const textKey = randomUUID();
    const text = await send('/text', textKey);
    const textAgain = await send('/text', textKey);
    assert.equal(text.text, '{"b": 1.50,  "a":[ ], "run":1}');
    assert.equal(textAgain.text, text.text);
    assert.equal(textAgain.headers.get('content-type'), text.headers.get('content-type'));
    assert.match(textAgain.headers.get('content-type') ?? '', /^application\/json/);

    const emptyKey = randomUUID();
    assert.equal((await send('/empty', emptyKey)).status, 204);
    const emptyAgain = await send('/empty', emptyKey);
    assert.equal(emptyAgain.status, 204);
    assert.equal(emptyAgain.headers.get('idempotent-replayed'), 'true');
    assert.equal(runs.get('/empty'), 1);
  });

  it('when a request with the key is still running, then a retry answers 409, and after it finishes the retry replays it', async () => {
    const idemKey = randomUUID();
    let release!: () => void;
    hold = new Promise((done) => {
      release = done;
    });
    const first = send('/slow', idemKey);
    // Wait until the first request holds the claim.
    for (let i = 0; i < 100 && !runs.get('/slow'); i++) await new Promise((r) => setTimeout(r, 20));
    const busy = await send('/slow', idemKey);
    assert.equal(busy.status, 409, busy.text);
    assert.equal(JSON.parse(busy.text).type, 'CommitIssue');
    release();
    const done = await first;
    assert.equal(done.status, 201);
    const replay = await send('/slow', idemKey);
    assert.equal(replay.text, done.text);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(runs.get('/slow'), 1);
  });

  it('when a request runs longer than the lock timeout, then its lease is renewed and a retry still answers 409', async () => {
    const idemKey = randomUUID();
    const before = runs.get('/slow') ?? 0;
    let release!: () => void;
    hold = new Promise((done) => {
      release = done;
    });
    const first = send('/slow', idemKey, { a: 1 }, shortLease.url);
    for (let i = 0; i < 100 && (runs.get('/slow') ?? 0) === before; i++) await new Promise((r) => setTimeout(r, 20));
    // Three leases of 1 s: without renewal the claim would count as abandoned and the retry would run.
    await new Promise((r) => setTimeout(r, 3000));
    const busy = await send('/slow', idemKey, { a: 1 }, shortLease.url);
    assert.equal(busy.status, 409, busy.text);
    release();
    assert.equal((await first).status, 201);
    assert.equal(runs.get('/slow'), before + 1);
  });

  it('when a route is not covered, then the header is ignored', async () => {
    const idemKey = randomUUID();
    await send('/uncovered', idemKey);
    await send('/uncovered', idemKey);
    assert.equal(runs.get('/uncovered'), 2);
  });
});
