// Which activity failures are retried: data and input errors never are, everything else is.
import assert from 'node:assert/strict';
import { ApplicationFailure } from '@temporalio/common';
import {
  DATA_ERROR,
  INVALID_INPUT,
  TEMPLATE_ERROR,
  classifyFailures,
  nonRetryableFailure,
} from '../../activities/failures.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { renderTemplate } from '../../domain/sequences/render.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('activity failure classification', () => {
  it('when PostgreSQL refuses the data (classes 22 and 23), then the failure is non-retryable DataError, also when wrapped', () => {
    for (const code of ['22P02', '22P05', '22021', '23505', '23503']) {
      const failure = nonRetryableFailure(pgError(code));
      assert.equal(failure?.type, DATA_ERROR, code);
      assert.equal(failure?.nonRetryable, true);
    }
    const wrapped = Object.assign(new Error('driver'), { cause: pgError('22P02') });
    assert.equal(nonRetryableFailure(wrapped)?.type, DATA_ERROR);
  });

  it('when the error is transient (connection, serialization, deadlock, timeout, provider), then it stays retryable', () => {
    for (const error of [
      pgError('40001'),
      pgError('40P01'),
      pgError('57P01'),
      pgError('08006'),
      Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      new Error('socket hang up'),
    ]) {
      assert.equal(nonRetryableFailure(error), null, error.message);
    }
    assert.equal(
      nonRetryableFailure(ApplicationFailure.retryable('as it says')),
      null,
      'an ApplicationFailure already says what it is',
    );
    assert.equal(
      nonRetryableFailure(DomainError.unavailable('Temporal is down')),
      null,
      'an unreachable workflow service is worth retrying',
    );
  });

  it('when a rule is broken or a template does not render, then InvalidInput or TemplateError', async () => {
    assert.equal(nonRetryableFailure(DomainError.business('no'))?.type, INVALID_INPUT);
    const liquid = await renderTemplate('{{ x | no_such_filter }}', {}).then(
      () => null,
      (error: unknown) => error,
    );
    assert.ok(liquid, 'liquid refuses an unknown filter');
    assert.equal(nonRetryableFailure(liquid)?.type, TEMPLATE_ERROR);
  });

  it('when wrapped activities throw, then data errors come out non-retryable and reported, others unchanged', async () => {
    const reported: string[] = [];
    const transient = new Error('timeout');
    const activities = classifyFailures(
      {
        bad: async () => {
          throw pgError('22P02');
        },
        flaky: async () => {
          throw transient;
        },
        fine: async (x: number) => x * 2,
      },
      (name, failure) => reported.push(`${name}:${failure.type}`),
    );
    await assert.rejects(
      activities.bad(),
      (error: unknown) => error instanceof ApplicationFailure && error.nonRetryable && error.type === DATA_ERROR,
    );
    await assert.rejects(activities.flaky(), (error: unknown) => error === transient);
    assert.equal(await activities.fine(21), 42);
    assert.deepEqual(reported, ['bad:DataError']);
  });
});
