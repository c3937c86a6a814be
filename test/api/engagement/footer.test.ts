// The compliance footer on the real stack (sandbox transport): an organization's sender identity and
// postal address, set once through the admin use case, end both parts of its sequence emails with
// the unsubscribe link, whatever the template; what is not a clean text is refused.
import assert from 'node:assert/strict';
import type { Stack } from '../../helpers/stack.ts';
import type { TestOrg } from '../../helpers/fixtures.ts';
import { AdminError, showOrganization } from '../../../domain/admin/admin.service.ts';
import { setSenderAddress } from '../../../domain/sending/sender-address.ts';
import { engagementFixture } from './fixtures.ts';

describe('engagement API: compliance footer', function () {
  this.timeout(60_000);
  const fx = engagementFixture();
  const { emailed, stop } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

  it('when the organization set its identity and address, then every sequence email ends both parts with them and the unsubscribe link, tracking on or off', async () => {
    const set = (value: unknown) => setSenderAddress(stack.orm.em.fork(), org.organizationId, value);
    for (const refused of [
      { sender_identity: 'Acme' },
      { sender_identity: ' ', postal_address: '1 Main St' },
      { sender_identity: 'Acme\nInc', postal_address: '1 Main St' },
      { sender_identity: 'Acme', postal_address: 'x'.repeat(501) },
      { sender_identity: 'Acme', postal_address: '1 Main St\u0007' },
      { sender_identity: 'Acme', postal_address: '\ud800' },
      { sender_identity: 'Acme', postal_address: '1 Main St', footer: false },
      ['Acme'],
    ])
      await assert.rejects(set(refused), AdminError, JSON.stringify(refused));
    assert.deepEqual(
      await set({ sender_identity: 'Acme Inc.', postal_address: '1 Main St\r\nSpringfield, IL 62701' }),
      {
        organization_id: org.organizationId,
        sender_identity: 'Acme Inc.',
        postal_address: '1 Main St\nSpringfield, IL 62701',
      },
    );
    assert.equal((await showOrganization(stack.orm.em.fork(), org.organizationId)).sender_identity, 'Acme Inc.');
    try {
      for (const tracking of [{}, { open: false, click: false }]) {
        const run = await emailed(undefined, {}, tracking);
        const unsubscribe = /Unsubscribe: (\S+)$/.exec(run.text)?.[1];
        assert.ok(unsubscribe && /\/u\/[^/]+$/.test(unsubscribe), run.text);
        assert.ok(run.text.endsWith(`\n--\nAcme Inc.\n1 Main St\nSpringfield, IL 62701\nUnsubscribe: ${unsubscribe}`));
        assert.ok(
          run.html.includes(
            `Acme Inc.<br>1 Main St<br>Springfield, IL 62701<br><a href="${unsubscribe}">Unsubscribe</a>`,
          ),
          run.html,
        );
        await stop(run.sequenceId);
      }
    } finally {
      await set({ sender_identity: null, postal_address: null });
    }
    const after = await emailed();
    assert.match(after.text, /\n--\nUnsubscribe: \S+$/, 'cleared: the unsubscribe link alone');
    await stop(after.sequenceId);
  });
});
