import assert from 'node:assert/strict';
import { sequenceStatus, toSequenceRecord } from '../../../domain/sequences/record.ts';
import {
  ENDED_STATUSES,
  RUNNING_STATUSES,
  SEQUENCE_STATUSES,
  isEndedStatus,
  isRunningStatus,
} from '../../../domain/sequences/statuses.ts';

describe('sequence record and statuses', () => {
  it('when a row is mapped, then timestamps become ISO text and missing variables an empty object', () => {
    const record = toSequenceRecord({
      id: 's1',
      contact_id: 'c1',
      account_id: null,
      sequence_template_id: 't1',
      status: 'ACTIVE',
      stopped_reason: null,
      paused_until: null,
      current_step: 2,
      variables: null,
      source_contact_entry_id: null,
      created_at: new Date('2026-01-01T00:00:00Z'),
      updated_at: '2026-01-02 00:00:00+00',
      ended_at: null,
      sender_id: 'u1',
    });
    assert.deepEqual(record, {
      id: 's1',
      contact_id: 'c1',
      account_id: null,
      sequence_template_id: 't1',
      status: 'ACTIVE',
      stopped_reason: null,
      paused_until: null,
      current_step: 2,
      variables: {},
      source_contact_entry_id: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
      ended_at: null,
      error: null,
      sender_user_id: 'u1',
    });
  });

  it('when a status is not one of the column values, then mapping fails', () => {
    assert.throws(() => sequenceStatus('RUNNING'), /unknown sequence status/);
  });

  it('when the statuses are grouped, then every status is either running or ended, never both', () => {
    for (const status of SEQUENCE_STATUSES) assert.notEqual(isRunningStatus(status), isEndedStatus(status), status);
    assert.equal(RUNNING_STATUSES.length + ENDED_STATUSES.length, SEQUENCE_STATUSES.length);
  });
});
