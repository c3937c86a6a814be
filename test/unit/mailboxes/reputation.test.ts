// When a sender's mailbox is paused for its reputation: the bounce-rate rule over its latest emails
// (with its minimum sample), and spam complaints recognised from feedback-loop reports (ARF).
import assert from 'node:assert/strict';
import { classifyInbox, type InboxClass } from '../../../domain/mailboxes/inbox-classify.ts';
import { parseInboxMessage } from '../../../domain/mailboxes/inbox-message.ts';
import { bounceRateReason, DEFAULT_REPUTATION_RULE } from '../../../domain/mailboxes/reputation-rule.ts';
import { arfComplaint, gmailDsn, type SampleIds } from '../../helpers/inbox-samples.ts';

describe('bounceRateReason', () => {
  const rule = DEFAULT_REPUTATION_RULE;

  it('when the rate passes 5% of at least 20 sends, then the reason names bounces/sends', () => {
    assert.equal(bounceRateReason(100, 6, rule), 'BOUNCE_RATE 6/100');
    assert.equal(bounceRateReason(20, 2, rule), 'BOUNCE_RATE 2/20');
    assert.equal(bounceRateReason(40, 3, rule), 'BOUNCE_RATE 3/40');
  });

  it('when the rate is at the threshold or below, then there is no pause', () => {
    assert.equal(bounceRateReason(100, 5, rule), null);
    assert.equal(bounceRateReason(20, 1, rule), null);
    assert.equal(bounceRateReason(100, 0, rule), null);
  });

  it('when fewer emails than the minimum sample were sent, then no rate pauses, however high', () => {
    assert.equal(bounceRateReason(2, 1, rule), null);
    assert.equal(bounceRateReason(19, 19, rule), null);
  });

  it('when the rule is configured, then its threshold and minimum apply', () => {
    const strict = { bounceRatePercent: 0, windowSends: 10, minSends: 1 };
    assert.equal(bounceRateReason(1, 1, strict), 'BOUNCE_RATE 1/1');
    assert.equal(bounceRateReason(10, 0, strict), null);
  });
});

describe('classifyInbox: feedback reports', () => {
  const ids: SampleIds = {
    mailbox: 'sam@sender.example',
    prospect: 'pat@prospect.example',
    sentMessageId: '<seq-42-step-1@sender.example>',
  };
  const classify = async (raw: string): Promise<InboxClass> =>
    classifyInbox(await parseInboxMessage(Buffer.from(raw)), new Date('2026-11-24T12:00:00Z'));

  it('when an ARF abuse report arrives, then it is a COMPLAINT naming the original Message-ID', async () => {
    assert.deepEqual(await classify(arfComplaint(ids)), {
      kind: 'COMPLAINT',
      complaint: { feedbackType: 'abuse', complaint: true, originalMessageId: 'seq-42-step-1@sender.example' },
    });
  });

  it('when the report says not-spam, then it is a feedback report but no complaint', async () => {
    const verdict = await classify(arfComplaint(ids, 'not-spam'));
    assert.equal(verdict.kind, 'COMPLAINT');
    assert.equal((verdict as Extract<InboxClass, { kind: 'COMPLAINT' }>).complaint.complaint, false);
  });

  it('when a report has no Feedback-Type, or is a delivery report, then it is no complaint', async () => {
    const untyped = arfComplaint(ids).replace(/Feedback-Type: abuse\r\n/, '');
    assert.notEqual((await classify(untyped)).kind, 'COMPLAINT');
    assert.equal((await classify(gmailDsn(ids))).kind, 'BOUNCE');
  });
});
