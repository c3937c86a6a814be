// A sender's mailbox health as an operator runs it (the admin CLI, a child process on the stack's
// database) and as GET /v1/users shows it: the warm-up ramp and today's effective daily limit.
import assert from 'node:assert/strict';
import { adminCli } from '../../helpers/admin-cli.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { DAY_MS, utcDate } from '../../../domain/shared/time.ts';

describe('admin CLI: mailbox ramp', function () {
  this.timeout(180_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Mailbox health');
  });

  const cli = () => adminCli(stack);
  const shownSending = async (userId: string) => {
    const response = await api.get('/v1/users?size=100', { key: org.apiKey });
    assert.equal(response.status, 200);
    return response.body.items.find((u: { id: string }) => u.id === userId).sending;
  };

  it("when a ramp is set, then the CLI and GET /v1/users show it with today's effective limit; --off removes it", async () => {
    const user = cli().json(
      'user',
      'create',
      '--org',
      org.organizationId,
      '--email',
      'ramp@example.com',
      '--name',
      'R',
    );
    const twoDaysAgo = utcDate(new Date(Date.now() - 2 * DAY_MS));
    const set = cli().json(
      'mailbox',
      'ramp',
      '--user',
      user.id,
      '--start',
      '10',
      '--increase',
      '5',
      '--target',
      '50',
      '--started-on',
      twoDaysAgo,
    );
    const expected = {
      daily_send_limit: 200,
      ramp: { start: 10, increase: 5, target: 50, started_on: twoDaysAgo, day: 2 },
      effective_daily_limit: 20,
    };
    assert.deepEqual(set, { user_id: user.id, ...expected });
    assert.deepEqual(await shownSending(user.id), expected);

    cli().json('user', 'sender', '--id', user.id, '--daily-send-limit', '15');
    assert.equal((await shownSending(user.id)).effective_daily_limit, 15, 'the daily send limit stays the ceiling');

    const today = cli().json('mailbox', 'ramp', '--user', user.id, '--start', '3', '--increase', '1', '--target', '9');
    assert.deepEqual([today.ramp.started_on, today.ramp.day, today.effective_daily_limit], [utcDate(new Date()), 0, 3]);

    const off = cli().json('mailbox', 'ramp', '--user', user.id, '--off');
    assert.deepEqual(off, { user_id: user.id, daily_send_limit: 15, ramp: null, effective_daily_limit: 15 });
    assert.deepEqual(await shownSending(user.id), { daily_send_limit: 15, ramp: null, effective_daily_limit: 15 });
  });

  it('when the ramp options are wrong, then it exits 1 (a refused value) or 2 (usage) and stores nothing', async () => {
    const user = cli().json('user', 'create', '--org', org.organizationId, '--email', 'bad@example.com', '--name', 'B');
    const ramp = (...args: string[]) => cli().run('mailbox', 'ramp', '--user', user.id, ...args);
    const refused = [
      ['--start=-1', '--increase', '1', '--target', '5'],
      ['--start', '1.5', '--increase', '1', '--target', '5'],
      ['--start', '10', '--increase', '1', '--target', '5'],
      ['--start', '1', '--increase', '1', '--target', '5', '--started-on', '2031-02-30'],
    ];
    for (const args of refused) {
      const result = ramp(...args);
      assert.equal(result.code, 1, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /^error: --(start|target|started-on): /);
    }
    assert.equal(ramp('--start', '1', '--increase', '1').code, 2, '--target missing');
    assert.equal(ramp('--off', '--start', '1').code, 2);
    assert.equal(cli().run('mailbox', 'ramp', '--user', '00000000-0000-4000-8000-000000000000', '--off').code, 1);
    assert.equal((await shownSending(user.id)).ramp, null);
  });
});
