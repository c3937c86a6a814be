// Which variant of a step a run gets: decided from the run and the step alone (the same answer on
// every call, so on every retry, restart and replay), shared by weight, and the texts it sends.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { chooseVariant, stepText, storedVariants, variantDraw } from '../../../domain/sequences/variants.ts';
import type { TemplateStep } from '../../../db/entities/sequence-template.entity.ts';

const STEP: TemplateStep = {
  type: 'EMAIL',
  delay_days: 0,
  subject: 'A subject',
  body: 'A body',
  weight: 1,
  variants: [
    { subject: 'B subject', body: 'B body', weight: 1 },
    { subject: 'C subject', body: 'C body', weight: 2 },
  ],
};

describe('step variants', () => {
  it('when the same run asks again at the same step, then it gets the same variant; another step draws anew', () => {
    const run = '6f1c2a3b-0000-4000-8000-000000000001';
    const first = chooseVariant(run, 2, [1, 1, 1]);
    for (let i = 0; i < 20; i++) assert.equal(chooseVariant(run, 2, [1, 1, 1]), first);
    // A fixed run and step give a fixed draw (no clock, no randomness): pinned so a change of the rule is seen.
    assert.equal(variantDraw(run, 2), 0.8313220800011472);
    assert.equal(first, 3);
    assert.notEqual(variantDraw(run, 2), variantDraw(run, 3));
    assert.ok(variantDraw(run, 2) >= 0 && variantDraw(run, 2) < 1);
  });

  it('when many runs draw, then each variant gets about its weight over the sum of the weights', () => {
    const counts = [0, 0, 0];
    const n = 30_000;
    for (let i = 0; i < n; i++) counts[chooseVariant(randomUUID(), 1, [1, 1, 2])! - 1]++;
    const shares = counts.map((c) => c / n);
    for (const [share, expected] of shares.map((s, i) => [s, [0.25, 0.25, 0.5][i]]))
      assert.ok(Math.abs(share - expected) < 0.015, `share ${share} far from ${expected}`);
  });

  it('when a step has one text, or a winner is named, then no draw: null, or the winner', () => {
    assert.equal(chooseVariant(randomUUID(), 1, []), null);
    assert.equal(chooseVariant(randomUUID(), 1, [3]), null);
    for (let i = 0; i < 50; i++) assert.equal(chooseVariant(randomUUID(), 1, [1, 1, 1], 3), 3);
  });

  it("when a run's text is taken, then variant 1 is the step's own subject and body and the others its variants", () => {
    const seen = new Map<number, string>();
    for (let i = 0; i < 200; i++) {
      const text = stepText(STEP, randomUUID(), 1);
      seen.set(text.variant!, `${text.subject}|${text.body}`);
    }
    assert.deepEqual(
      [...seen.entries()].sort(([a], [b]) => a - b),
      [
        [1, 'A subject|A body'],
        [2, 'B subject|B body'],
        [3, 'C subject|C body'],
      ],
    );
    assert.deepEqual(stepText({ ...STEP, variants: undefined }, randomUUID(), 1), {
      subject: 'A subject',
      body: 'A body',
      variant: null,
    });
  });

  it('when steps are stored, then weights default to 1 and a LinkedIn variant keeps no subject', () => {
    assert.deepEqual(
      storedVariants({ type: 'LINKEDIN_MESSAGE', delay_days: 0, body: 'x', variants: [{ body: 'y' }] }),
      {
        weight: 1,
        variants: [{ body: 'y', weight: 1 }],
      },
    );
    assert.deepEqual(storedVariants({ type: 'EMAIL', delay_days: 0, subject: 's', body: 'x' }), {});
  });
});
