// A contact's location and time zone over HTTP on the real stack (docs/api/people.md): country,
// region and city on contacts and accounts; timezone SET, INFERRED from the contact's location and
// then its account's (following them, never stored), or null; malformed values refused naming the field.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { truncateText } from '../../../domain/shared/text.ts';
import { apiSuiteFixture } from '../../helpers/fixtures.ts';

describe('contacts and accounts: location and timezone', () => {
  const fx = apiSuiteFixture({ org: 'Timezone Org' });
  const email = () => `tz-${randomUUID().split('-')[0]}@example.com`;
  const domain = () => `tz-${randomUUID().split('-')[0]}.test`;
  const postContact = (body: Record<string, unknown>) =>
    fx.api.post('/v1/contacts', { key: fx.org.apiKey, body: { email: email(), ...body } });
  const zoneOf = (c: { timezone: string | null; timezone_source: string | null }) => [c.timezone, c.timezone_source];

  describe('POST /v1/contacts', () => {
    it('when a timezone is sent, then the record shows it as SET, over what the location would give', async () => {
      const response = await postContact({ timezone: 'Asia/Kolkata', country: 'FR', city: 'Paris' });
      assert.equal(response.status, 201, response.text);
      assert.deepEqual(zoneOf(response.body), ['Asia/Kolkata', 'SET']);
      assert.deepEqual([response.body.country, response.body.region, response.body.city], ['FR', null, 'Paris']);
      const read = await fx.api.get(`/v1/contacts/${response.body.id}`, { key: fx.org.apiKey });
      assert.deepEqual(zoneOf(read.body), ['Asia/Kolkata', 'SET']);
    });

    it('when only a location is sent, then the zone is INFERRED from it, and a changed location changes it', async () => {
      const address = email();
      const first = await fx.api.post('/v1/contacts', {
        key: fx.org.apiKey,
        body: { email: address, country: 'US', region: ' NY ', city: null },
      });
      assert.equal(first.status, 201, first.text);
      assert.deepEqual(zoneOf(first.body), ['America/New_York', 'INFERRED']);
      assert.equal(first.body.region, 'NY');
      const moved = await fx.api.post('/v1/contacts', {
        key: fx.org.apiKey,
        body: { email: address, region: 'California' },
      });
      assert.deepEqual(zoneOf(moved.body), ['America/Los_Angeles', 'INFERRED']);
      assert.equal(moved.body.country, 'US');
      const listed = await fx.api.get(`/v1/contacts?email=${encodeURIComponent(address)}`, { key: fx.org.apiKey });
      assert.deepEqual(zoneOf(listed.body.items[0]), ['America/Los_Angeles', 'INFERRED']);
    });

    it('when the set timezone is cleared, then the inferred zone shows again; with no location, null', async () => {
      const address = email();
      const set = await fx.api.post('/v1/contacts', {
        key: fx.org.apiKey,
        body: { email: address, timezone: 'Europe/Paris', country: 'JP' },
      });
      assert.deepEqual(zoneOf(set.body), ['Europe/Paris', 'SET']);
      const cleared = await fx.api.post('/v1/contacts', {
        key: fx.org.apiKey,
        body: { email: address, timezone: null },
      });
      assert.deepEqual(zoneOf(cleared.body), ['Asia/Tokyo', 'INFERRED']);
      const nowhere = await fx.api.post('/v1/contacts', {
        key: fx.org.apiKey,
        body: { email: address, country: null },
      });
      assert.deepEqual(zoneOf(nowhere.body), [null, null]);
      assert.equal(nowhere.body.country, null);
    });

    it("when the contact's location says nothing, then its account's location gives the zone, and follows it", async () => {
      const company = domain();
      const account = await fx.api.post('/v1/accounts', {
        key: fx.org.apiKey,
        body: { domain: company, name: 'Harbour', country: 'AU', region: 'NSW', city: 'Sydney' },
      });
      assert.equal(account.status, 201, account.text);
      assert.deepEqual([account.body.country, account.body.region, account.body.city], ['AU', 'NSW', 'Sydney']);
      const contact = await postContact({ company_domain: company, country: 'AU' });
      assert.deepEqual(zoneOf(contact.body), ['Australia/Sydney', 'INFERRED']);
      const moved = await fx.api.post('/v1/accounts', {
        key: fx.org.apiKey,
        body: { domain: company, region: 'Western Australia', city: null },
      });
      assert.deepEqual([moved.body.name, moved.body.region, moved.body.city], ['Harbour', 'Western Australia', null]);
      const read = await fx.api.get(`/v1/contacts/${contact.body.id}`, { key: fx.org.apiKey });
      assert.deepEqual(zoneOf(read.body), ['Australia/Perth', 'INFERRED']);
    });

    for (const [body, field] of [
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ timezone: 'Not a zone' }, 'timezone'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'fr' }, 'country'],
      [{ region: 'x'.repeat(101) }, 'region'],
      [{ city: 42 }, 'city'],
    ] as const) {
      it(`when ${truncateText(JSON.stringify(body), 40)} is sent, then 400 ValidationIssue naming ${field} and nothing is written`, async () => {
        const address = email();
        const response = await fx.api.post('/v1/contacts', { key: fx.org.apiKey, body: { email: address, ...body } });
        assert.equal(response.status, 400, response.text);
        assert.equal(response.body.type, 'ValidationIssue');
        assert.ok(
          response.body.data.errors.some((e: { path: string }) => e.path === field),
          JSON.stringify(response.body.data.errors),
        );
        const listed = await fx.api.get(`/v1/contacts?email=${encodeURIComponent(address)}`, { key: fx.org.apiKey });
        assert.equal(listed.body.items.length, 0);
      });
    }
  });

  describe('POST /v1/accounts', () => {
    it('when an unknown country is sent, then 400 naming country', async () => {
      const response = await fx.api.post('/v1/accounts', {
        key: fx.org.apiKey,
        body: { domain: domain(), country: 'ZZ' },
      });
      assert.equal(response.status, 400, response.text);
      assert.deepEqual(
        response.body.data.errors.map((e: { path: string }) => e.path),
        ['country'],
      );
    });

    it('when no location is sent on a match, then the stored one stays', async () => {
      const company = domain();
      await fx.api.post('/v1/accounts', { key: fx.org.apiKey, body: { domain: company, country: 'CA', region: 'ON' } });
      const again = await fx.api.post('/v1/accounts', { key: fx.org.apiKey, body: { domain: company } });
      assert.deepEqual([again.body.country, again.body.region, again.body.city], ['CA', 'ON', null]);
    });
  });
});
