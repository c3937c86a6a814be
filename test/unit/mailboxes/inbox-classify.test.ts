// What an inbox message is (domain/mailboxes/inbox-classify.ts, inbox-bounce.ts): delivery reports
// and plain-text bounces with their status, recipient and original Message-ID; auto-replies; replies.
import assert from 'node:assert/strict';
import {
  baseSubject,
  classifyInbox,
  subjectAnswers,
  type InboxClass,
} from '../../../domain/mailboxes/inbox-classify.ts';
import { parseInboxMessage } from '../../../domain/mailboxes/inbox-message.ts';
import type { BounceReport } from '../../../domain/mailboxes/inbox-bounce.ts';
import {
  delayedDsn,
  deliveredDsn,
  eximBounce,
  exchangeNdr,
  gmailDsn,
  personReply,
  qmailBounce,
  vacationReply,
  type SampleIds,
} from '../../helpers/inbox-samples.ts';

const ids: SampleIds = {
  mailbox: 'sam@sender.example',
  prospect: 'pat@prospect.example',
  sentMessageId: '<seq-42-step-1@sender.example>',
  subject: 'Quick question',
};

async function classify(raw: string): Promise<InboxClass> {
  return classifyInbox(await parseInboxMessage(Buffer.from(raw)), new Date('2026-11-24T12:00:00Z'));
}

async function bounce(raw: string): Promise<BounceReport> {
  const verdict = await classify(raw);
  assert.equal(verdict.kind, 'BOUNCE', JSON.stringify(verdict));
  return (verdict as Extract<InboxClass, { kind: 'BOUNCE' }>).bounce;
}

describe('classifyInbox: bounces', () => {
  it('when Gmail sends a delivery status notification (5.1.1), then it is a permanent DSN bounce naming the recipient and the original Message-ID', async () => {
    const report = await bounce(gmailDsn(ids));
    assert.deepEqual(
      { ...report, diagnostic: undefined },
      {
        status: '5.1.1',
        permanent: true,
        recipient: 'pat@prospect.example',
        originalMessageId: 'seq-42-step-1@sender.example',
        diagnostic: undefined,
        format: 'DSN',
      },
    );
    assert.match(report.diagnostic ?? '', /550-5\.1\.1/);
  });

  it('when a DSN says the delivery is delayed (4.4.7), then it is a transient bounce, the original found in the attached message', async () => {
    const report = await bounce(delayedDsn(ids));
    assert.equal(report.status, '4.4.7');
    assert.equal(report.permanent, false);
    assert.equal(report.recipient, 'pat@prospect.example');
    assert.equal(report.originalMessageId, 'seq-42-step-1@sender.example');
  });

  it('when Exchange sends a non-delivery report with the original in base64, then its Message-ID and 5.1.10 are read', async () => {
    const report = await bounce(exchangeNdr(ids));
    assert.equal(report.status, '5.1.10');
    assert.equal(report.permanent, true);
    assert.equal(report.originalMessageId, 'seq-42-step-1@sender.example');
    assert.equal(report.recipient, 'pat@prospect.example');
  });

  it('when a DSN reports a successful delivery, then it is no bounce (and no reply either)', async () => {
    const verdict = await classify(deliveredDsn(ids));
    assert.notEqual(verdict.kind, 'BOUNCE');
  });

  it('when qmail sends a plain-text failure notice, then the (#5.1.1), the recipient and the pasted Message-ID are read', async () => {
    const report = await bounce(qmailBounce(ids));
    assert.deepEqual(
      [report.status, report.permanent, report.recipient, report.originalMessageId, report.format],
      ['5.1.1', true, 'pat@prospect.example', 'seq-42-step-1@sender.example', 'TEXT'],
    );
  });

  it('when Exim reports a failure with X-Failed-Recipients and only an SMTP 550, then it is permanent for that recipient', async () => {
    const report = await bounce(eximBounce(ids));
    assert.equal(report.permanent, true);
    assert.equal(report.status, '5.0.0');
    assert.equal(report.recipient, 'pat@prospect.example');
    assert.equal(report.originalMessageId, 'seq-42-step-1@sender.example');
  });

  it('when a person writes "Re: Delivery failure" without any failed message or recipient named, then it is not a bounce', async () => {
    const raw = personReply(
      { ...ids, subject: 'Delivery failure of the pallets' },
      'The truck never came, can we talk?',
      { threaded: false },
    );
    assert.equal((await classify(raw)).kind, 'MESSAGE');
  });
});

describe('classifyInbox: auto-replies', () => {
  it('when a vacation responder answers with Auto-Submitted: auto-replied, then it is an auto-reply', async () => {
    assert.deepEqual(await classify(vacationReply(ids)), {
      kind: 'AUTO_REPLY',
      reason: 'Auto-Submitted: auto-replied',
    });
  });

  for (const header of [
    'X-Autoreply: yes',
    'X-Autorespond: Out of office',
    'Precedence: auto_reply',
    'Auto-Submitted: auto-generated',
  ]) {
    it(`when the answer carries "${header}", then it is an auto-reply`, async () => {
      assert.equal((await classify(vacationReply(ids, { header }))).kind, 'AUTO_REPLY');
    });
  }

  it("when no header marks it but the text is an out-of-office notice, then the classifier's rules make it an auto-reply", async () => {
    const raw = vacationReply(ids, {
      header: 'X-Mailer: Thunderbird',
      body: 'I am out of the office until December 2.',
    });
    assert.deepEqual(await classify(raw), { kind: 'AUTO_REPLY', reason: 'out-of-office wording' });
  });

  it('when a person replies with Auto-Submitted: no, then it is a message, not an auto-reply', async () => {
    const raw = personReply(ids, "Sounds good, let's talk Tuesday.").replace(
      'MIME-Version',
      'Auto-Submitted: no\r\nMIME-Version',
    );
    assert.deepEqual(await classify(raw), { kind: 'MESSAGE' });
  });
});

describe('parseInboxMessage: a reply', () => {
  it('when a person replies, then In-Reply-To comes first among the referenced ids, then References newest first, all bare', async () => {
    const message = await parseInboxMessage(Buffer.from(personReply(ids, 'Who are you?')));
    assert.deepEqual(message.referencedIds, ['seq-42-step-1@sender.example', 'older-thread@prospect.example']);
    assert.equal(message.from, 'pat@prospect.example');
    assert.match(message.text, /^Who are you\?/);
    assert.deepEqual(classifyInbox(message), { kind: 'MESSAGE' });
  });
});

describe('baseSubject / subjectAnswers', () => {
  it('when prefixes of replies, forwards and auto-replies stack, then they are all dropped', () => {
    assert.equal(baseSubject('RE: Fwd: AW:  Quick   Question'), 'quick question');
    assert.equal(baseSubject('Automatic reply: Quick question'), 'quick question');
    assert.equal(baseSubject('Re[2]: Quick question'), 'quick question');
  });

  it('when the sent subject is empty or different, then the inbox subject does not answer it', () => {
    assert.equal(subjectAnswers('Re: Quick question', 'Quick question'), true);
    assert.equal(subjectAnswers('Re: ', ''), false);
    assert.equal(subjectAnswers('Re: Another thing', 'Quick question'), false);
  });
});
