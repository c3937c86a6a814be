// A check's limits and retries: the daily cap (SKIPPED_CAP), pagination (no page read past the
// cap), and a fact looked at once (a second run of the same check writes nothing; overlapping
// attempts keep the cap).
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { TestOrg } from '../../../helpers/fixtures.ts';
import { insertContactExclusion } from '../../../helpers/sequence-fixtures.ts';
import type { Stack } from '../../../helpers/stack.ts';
import { DAY, HOUR, names, personFact, signalCheckFixture, statuses } from './fixtures.ts';

describe('checkSignal (provider-backed signals, one check)', function () {
  this.timeout(120_000);
  const fx = signalCheckFixture();
  const {
    db,
    newSignal,
    check,
    sameRows,
    scripted,
    importsOf,
    contactsWhere,
    contactEntries,
    importedCount,
    footprint,
    addContactEntry,
  } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

  it('when max_per_day is 3 and 6 of the facts are eligible, then the first 3 eligible are IMPORTED and the rest SKIPPED_CAP, skips of other kinds keep their status, and a check an hour later imports nothing and leaves the facts looked at alone', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    const signal = await newSignal(at, { maxPerDay: 3 });
    await insertContactExclusion(stack, org.organizationId, n.email('excluded'));
    await addContactEntry(signal.contactListId!, { email: n.email('duplicate') });
    const fact = (name: string) => personFact(n.key(name), acme, { first_name: name, email: n.email(name) });
    const first = ['e0', 'excluded', 'duplicate', 'e1', 'e2', 'e3', 'e4', 'e5'].map(fact);
    provider.script(at, first);

    const result = await check(deps, signal.id, at);

    assert.deepEqual(result, { outcome: 'CHECKED', imported: 3, skipped: 5, read: 8 });
    const expected = {
      [n.key('e0')]: 'IMPORTED',
      [n.key('excluded')]: 'SKIPPED_EXCLUDED',
      [n.key('duplicate')]: 'SKIPPED_DUPLICATE',
      [n.key('e1')]: 'IMPORTED',
      [n.key('e2')]: 'IMPORTED',
      [n.key('e3')]: 'SKIPPED_CAP',
      [n.key('e4')]: 'SKIPPED_CAP',
      [n.key('e5')]: 'SKIPPED_CAP',
    };
    const rows = await importsOf(signal.id);
    assert.deepEqual(statuses(rows), expected);
    assert.equal((await contactEntries(signal.contactListId!)).length, 1 + 3);
    assert.deepEqual(
      await contactsWhere({ emails: ['e3', 'e4', 'e5'].map((x) => n.email(x)) }),
      [],
      'no contact for a capped fact',
    );

    // An hour later: two new facts, and the provider answers the old ones again.
    const later = new Date(at.getTime() + HOUR);
    provider.script(later, [fact('n0'), fact('n1'), ...first]);
    const second = await check(deps, signal.id, later);

    assert.equal(second.imported, 0);
    const after = await importsOf(signal.id);
    assert.deepEqual(sameRows(after, rows), rows, 'the rows of facts already looked at are not re-written');
    assert.deepEqual(statuses(after), { ...expected, [n.key('n0')]: 'SKIPPED_CAP', [n.key('n1')]: 'SKIPPED_CAP' });
    assert.equal(await importedCount(signal.id), 3);
    assert.equal((await contactEntries(signal.contactListId!)).length, 1 + 3);
  });

  it('when the same check runs twice (a retried activity: same window, same at), then the second run writes nothing: no import row, entry, contact or activity, and imported_count is unchanged', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    await insertContactExclusion(stack, org.organizationId, n.email('excluded'));
    provider.script(
      at,
      ['p0', 'excluded', 'p1', 'p2', 'p3'].map((name) =>
        personFact(n.key(name), acme, { first_name: name, email: n.email(name) }),
      ),
    );
    const signal = await newSignal(at, { maxPerDay: 2 });
    assert.deepEqual(await check(deps, signal.id, at), { outcome: 'CHECKED', imported: 2, skipped: 3, read: 5 });
    const rows = await importsOf(signal.id);
    const before = await footprint(signal.id);
    const contactIds = rows.flatMap((r) => (r.contact_id ? [r.contact_id] : []));
    const contactsBefore = (
      await sql`SELECT * FROM contacts WHERE id = ANY (${contactIds}::uuid[]) ORDER BY id`.execute(db())
    ).rows;

    await sql`UPDATE signals SET last_checked_at = ${new Date(at.getTime() - DAY)} WHERE id = ${signal.id}`.execute(
      db(),
    );
    const retry = await check(deps, signal.id, at);

    assert.deepEqual(retry, { outcome: 'CHECKED', imported: 0, skipped: 0, read: 5 });
    assert.deepEqual(await footprint(signal.id), before);
    assert.deepEqual(
      (await sql`SELECT * FROM contacts WHERE id = ANY (${contactIds}::uuid[]) ORDER BY id`.execute(db())).rows,
      contactsBefore,
      'the imported contacts are not written again',
    );
    assert.deepEqual(await importsOf(signal.id), rows);
    assert.equal(await importedCount(signal.id), 2);
  });

  it("when two checks of one signal overlap (an activity retried while the first attempt still runs), then the day's cap holds across both and nothing is written twice", async () => {
    const n = names();
    const at = new Date();
    const later = new Date(at.getTime() + 60_000);
    const first = scripted('PEOPLE');
    const second = scripted('PEOPLE');
    const acme = n.domain('acme');
    const facts = (prefix: string) =>
      Array.from({ length: 6 }, (_, i) =>
        personFact(n.key(`${prefix}${i}`), acme, { first_name: `${prefix}${i}`, email: n.email(`${prefix}${i}`) }),
      );
    // The two attempts see different facts (their windows end a minute apart), so only the day's count, read under the signal's lock, keeps them under the cap.
    first.provider.script(at, facts('a'));
    second.provider.script(later, facts('b'));
    const signal = await newSignal(at, { maxPerDay: 5 });

    const results = await Promise.all([check(first.deps, signal.id, at), check(second.deps, signal.id, later)]);

    assert.equal(results[0].imported + results[1].imported, 5, "the day's 5, whichever attempt took them");
    const rows = await importsOf(signal.id);
    assert.equal(rows.length, 12);
    assert.equal(rows.filter((r) => r.status === 'IMPORTED').length, 5);
    assert.equal((await contactEntries(signal.contactListId!)).length, 5);
    assert.equal(await importedCount(signal.id), 5);
  });

  it('when 250 eligible facts meet max_per_day 150, then 150 are IMPORTED, the rest of the first 2 pages SKIPPED_CAP, and the third page is never read', async () => {
    const n = names();
    const at = new Date();
    const { provider, deps } = scripted('PEOPLE');
    const acme = n.domain('acme');
    const keys = Array.from({ length: 250 }, (_, i) => n.key(`p${i}`));
    provider.script(
      at,
      keys.map((key, i) => personFact(key, acme, { first_name: `P${i}`, email: n.email(`p${i}`) })),
    );
    const signal = await newSignal(at, { maxPerDay: 150 });

    const result = await check(deps, signal.id, at);

    assert.deepEqual(
      provider.searches.map((q) => [q.offset ?? 0, q.limit]),
      [
        [0, 100],
        [100, 100],
      ],
    );
    assert.deepEqual(result, { outcome: 'CHECKED', imported: 150, skipped: 50, read: 200 });
    const byKey = statuses(await importsOf(signal.id));
    assert.deepEqual(
      byKey,
      Object.fromEntries(keys.slice(0, 200).map((key, i) => [key, i < 150 ? 'IMPORTED' : 'SKIPPED_CAP'])),
    );
    assert.equal(await importedCount(signal.id), 150);
    assert.equal((await contactEntries(signal.contactListId!)).length, 150);
  });
});
