// The sandbox email verifier's rules (providers/verifier/sandbox.ts): bounce.test, slow-verify.test
// and its SLOW_VERIFY_MS delay, malformed addresses, everything else deliverable, determinism.
import assert from 'node:assert/strict';
import { loadConfig } from '../../config.ts';
import { SandboxVerifier } from '../../providers/verifier/sandbox.ts';

describe('sandbox email verifier', () => {
  const verifier = new SandboxVerifier({ slowVerifyMs: 200 });

  it('when the address is at bounce.test, then it is UNDELIVERABLE with a reason, whatever its case', async () => {
    assert.deepEqual(await verifier.verify('jane@bounce.test'), {
      status: 'UNDELIVERABLE',
      reason: 'MAILBOX_NOT_FOUND',
      provider: 'sandbox',
    });
    assert.equal((await verifier.verify('  Jane@BOUNCE.Test ')).status, 'UNDELIVERABLE');
  });

  it('when the address is at a look-alike domain, then the bounce rule does not apply', async () => {
    assert.equal((await verifier.verify('jane@notbounce.test')).status, 'DELIVERABLE');
    assert.equal((await verifier.verify('bounce.test@acme.test')).status, 'DELIVERABLE');
  });

  it('when the address is anywhere else, then it is DELIVERABLE at once with no reason', async () => {
    // "At once": settled before the event loop runs any timer or I/O callback, not after a delay.
    const answer = verifier.verify('ada@acme.test');
    const first = await Promise.race([answer, new Promise((resolve) => setImmediate(() => resolve('a macrotask')))]);
    assert.deepEqual(first, { status: 'DELIVERABLE', reason: null, provider: 'sandbox' });
  });

  it('when the address is not an email address, then it is UNDELIVERABLE as INVALID_SYNTAX', async () => {
    assert.deepEqual(await verifier.verify('not-an-address'), {
      status: 'UNDELIVERABLE',
      reason: 'INVALID_SYNTAX',
      provider: 'sandbox',
    });
  });

  it('when the address is at slow-verify.test, then it is DELIVERABLE only after SLOW_VERIFY_MS', async () => {
    const started = performance.now();
    const result = await verifier.verify('sam@slow-verify.test');
    assert.ok(performance.now() - started >= 190, 'answered before the configured delay');
    assert.deepEqual(result, { status: 'DELIVERABLE', reason: null, provider: 'sandbox' });
  });

  it('when slow-verify is checked against a longer delay, then it is still pending when a shorter wait ends', async () => {
    const slow = new SandboxVerifier({ slowVerifyMs: 300 });
    const outcome = await Promise.race([
      slow.verify('sam@slow-verify.test').then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waiting'), 100)),
    ]);
    assert.equal(outcome, 'waiting');
  });

  it('when the same address is verified twice, then the answers are equal', async () => {
    for (const email of ['a@bounce.test', 'b@acme.test', 'bad']) {
      assert.deepEqual(await verifier.verify(email), await verifier.verify(email));
    }
  });

  it('when SLOW_VERIFY_MS is unset, then the delay is 60 s, and a set value is read', () => {
    assert.equal(loadConfig({}).slowVerifyMs, 60000);
    assert.equal(loadConfig({ SLOW_VERIFY_MS: '25' }).slowVerifyMs, 25);
    assert.throws(() => loadConfig({ SLOW_VERIFY_MS: '-1' }), /SLOW_VERIFY_MS/);
  });
});
