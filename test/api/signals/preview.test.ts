// Signal presets and preview on the real stack (directory of 2,000 companies / 20,000 people), and
// the sandbox signal-data provider behind them: shapes per scope, every filter narrowing, the same
// answer twice, new facts on new days, and the 404/422 cases of the preview rules (docs/api/signals.md).
import assert from 'node:assert/strict';
import { openPresets, presetRecord } from '../../../domain/signals/presets.ts';
import type { SignalType } from '../../../domain/signals/presets.types.ts';
import type { FactQuery, SignalFact } from '../../../providers/signals/index.ts';
import { SandboxSignalProvider } from '../../../providers/signals/sandbox.ts';
import { newKey, newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { client } from '../../helpers/http.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

const DAY = 86_400_000;
// A fixed window: the provider's facts depend only on the directory and the dates.
const TO = new Date('2026-03-01T00:00:00Z');
const FROM = new Date(TO.getTime() - 30 * DAY);

describe('signal presets and preview', function () {
  this.timeout(120_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let provider: SandboxSignalProvider;

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack);
    provider = new SandboxSignalProvider(stack.orm);
  });

  const preview = (body: unknown, key = org.apiKey) => api.post('/v1/signals/preview', { key, body });
  const search = (signalType: SignalType, filters: Record<string, string[]>, extra: Partial<FactQuery> = {}) =>
    provider.search({ signalType, filters, from: FROM, to: TO, limit: 1000, ...extra });
  const paths = (res: { body: { data?: { errors?: { path: string }[] } } }) =>
    (res.body.data?.errors ?? []).map((e) => e.path);

  describe('GET /v1/signals/presets', () => {
    it('when presets are listed, then the open presets come back as API records only (not the signal detail route)', async () => {
      const res = await api.get('/v1/signals/presets', { key: org.apiKey });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, openPresets().map(presetRecord));
      const types = (res.body as { signal_type: string }[]).map((p) => p.signal_type);
      assert.ok(types.includes('HIRING_SIGNALS') && types.includes('CUSTOM_EVENT'));
      assert.ok(!types.includes('LINKEDIN_OWN_COMPANY_FOLLOWERS') && !types.includes('CRM_LIST_ENTRY'));
    });

    it('when the key lacks signals:read, then 403 for the list and the preview', async () => {
      const { api_key: apiKey } = await newKey(stack, org.organizationId, ['contacts:read']);
      assert.equal((await api.get('/v1/signals/presets', { key: apiKey })).status, 403);
      assert.equal((await preview({ signal_type: 'NEW_JOB' }, apiKey)).status, 403);
    });
  });

  describe('POST /v1/signals/preview', () => {
    it('when a company-scope preset is previewed, then up to 10 items with company fields, person fields null, and the window count', async () => {
      const res = await preview({
        signal_type: 'HIRING_SIGNALS',
        search_filters: { job_title_or: ['engineer', 'sales'] },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.window_days, 30);
      assert.ok(res.body.items.length > 0 && res.body.items.length <= 10);
      assert.ok(res.body.total_count >= res.body.items.length);
      for (const item of res.body.items) {
        assert.deepEqual(Object.keys(item).sort(), [
          'company_domain',
          'company_name',
          'email',
          'event_type',
          'first_name',
          'job_title',
          'last_name',
          'linkedin_url',
        ]);
        assert.equal(item.event_type, 'JOB_POSTING');
        assert.ok(item.company_name && item.company_domain);
        assert.deepEqual(
          [item.first_name, item.last_name, item.job_title, item.linkedin_url, item.email],
          [null, null, null, null, null],
        );
      }
    });

    it('when a people-scope preset is previewed, then items carry the person (and employer) fields', async () => {
      const res = await preview({ signal_type: 'NEW_JOB', search_filters: {} });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.items.length, 10);
      for (const item of res.body.items) {
        assert.equal(item.event_type, 'JOB_CHANGE');
        assert.ok(item.first_name && item.last_name && item.job_title && item.company_domain);
      }
    });

    it('when the same preview is asked twice, then the same answer', async () => {
      const body = { signal_type: 'LINKEDIN_KEYWORD_MENTION', search_filters: { keyword_or: ['outbound'] } };
      const [a, b] = [await preview(body), await preview(body)];
      assert.equal(a.status, 200, a.text);
      assert.ok(a.body.items.length > 0);
      assert.deepEqual(a.body, b.body);
    });

    it('when the preset is not open for creation, then 404', async () => {
      const res = await preview({ signal_type: 'LINKEDIN_OWN_COMPANY_FOLLOWERS', search_filters: {} });
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.type, 'NotFoundIssue');
    });

    it('when the preset has no preview (CUSTOM_EVENT), then 422 naming signal_type', async () => {
      const res = await preview({
        signal_type: 'CUSTOM_EVENT',
        search_filters: { first_party_event_name: ['Demo Requested'] },
      });
      assert.equal(res.status, 422, res.text);
      assert.deepEqual(paths(res), ['signal_type']);
    });

    it('when a filter key is unknown or a required one is missing, then 422 naming it; an unknown signal_type is 400', async () => {
      let res = await preview({
        signal_type: 'HIRING_SIGNALS',
        search_filters: { job_title_or: ['x'], technology_or: ['Go'] },
      });
      assert.equal(res.status, 422, res.text);
      assert.deepEqual(paths(res), ['search_filters.technology_or']);
      res = await preview({ signal_type: 'HIRING_SIGNALS', search_filters: { job_location_pattern_or: ['Berlin'] } });
      assert.equal(res.status, 422, res.text);
      assert.deepEqual(paths(res), ['search_filters.job_title_or']);
      res = await preview({ signal_type: 'HIRING_SIGNALS', search_filters: { job_title_or: 'engineer' } });
      assert.equal(res.status, 422, res.text);
      res = await preview({ signal_type: 'NOT_A_PRESET', search_filters: {} });
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(paths(res), ['signal_type']);
    });
  });

  describe('sandbox signal provider', () => {
    const keys = (facts: SignalFact[]) => facts.map((f) => f.key);

    it('when a window is searched, then facts come newest first, inside the window, with stable unique keys, the same twice', async () => {
      const a = await search('HIRING_SIGNALS', { job_title_or: ['engineer'] });
      const b = await search('HIRING_SIGNALS', { job_title_or: ['engineer'] });
      assert.ok(a.items.length > 10);
      assert.deepEqual(a, b);
      assert.equal(a.total, a.items.length);
      assert.equal(new Set(keys(a.items)).size, a.items.length);
      for (let i = 0; i < a.items.length; i++) {
        const t = a.items[i].occurred_at.getTime();
        assert.ok(t >= FROM.getTime() && t < TO.getTime());
        if (i > 0) assert.ok(t <= a.items[i - 1].occurred_at.getTime());
      }
      const page = await search('HIRING_SIGNALS', { job_title_or: ['engineer'] }, { limit: 5, offset: 5 });
      assert.deepEqual(keys(page.items), keys(a.items.slice(5, 10)));
      assert.equal(page.total, a.total);
    });

    it('when a later day is searched, then it brings new facts (new people for a daily check)', async () => {
      const seen = new Set<string>();
      const people = new Set<string>();
      for (let d = 0; d < 5; d++) {
        const from = new Date(FROM.getTime() + d * DAY);
        const day = await search('NEW_JOB', {}, { from, to: new Date(from.getTime() + DAY) });
        assert.ok(day.items.length > 0, `day ${d}`);
        for (const fact of day.items) {
          assert.ok(!seen.has(fact.key));
          seen.add(fact.key);
        }
        const before = people.size;
        for (const fact of day.items) people.add(fact.person!.email ?? fact.person!.linkedin_url ?? fact.key);
        assert.ok(people.size > before, `day ${d} brings new people`);
      }
    });

    it('when each HIRING_SIGNALS filter is added, then it narrows the matches, and every match satisfies it', async () => {
      const base = { job_title_or: ['engineer', 'sales', 'manager', 'product'] };
      const all = await search('HIRING_SIGNALS', base);
      const narrowed: [Record<string, string[]>, (f: SignalFact) => boolean][] = [
        [{ job_title_or: ['engineer'] }, (f) => /engineer/i.test(String(f.metadata.job_title))],
        [{ job_location_pattern_or: ['Remote*'] }, (f) => String(f.metadata.location).startsWith('Remote')],
        [{ job_description_contains_or: ['GDPR'] }, (f) => String(f.metadata.description).includes('GDPR')],
        [{ company_type: ['PUBLIC'] }, () => true],
        [{ company_country_code_or: ['US'] }, (f) => f.company!.country_code === 'US'],
        [{ industry_or: ['software'] }, (f) => f.company!.industry === 'Software'],
        [{ industry_not: ['Software'] }, (f) => f.company!.industry !== 'Software'],
        [{ company_size: ['11-50'] }, (f) => f.company!.size_band === '11-50'],
      ];
      for (const [extra, holds] of narrowed) {
        const page = await search('HIRING_SIGNALS', { ...base, ...extra });
        assert.ok(
          page.total! > 0 && page.total! < all.total!,
          `${JSON.stringify(extra)}: ${page.total} of ${all.total}`,
        );
        for (const fact of page.items) assert.ok(holds(fact), JSON.stringify(extra));
        for (const key of keys(page.items))
          assert.ok(keys(all.items).includes(key) || Object.keys(extra)[0] === 'job_title_or');
      }
    });

    it('when other families are filtered, then each key narrows too', async () => {
      const cases: [SignalType, Record<string, string[]>, Record<string, string[]>][] = [
        ['FUNDING_EVENTS', {}, { funding_round_or: ['Seed'] }],
        ['FUNDING_EVENTS', {}, { funding_amount_min_usd: ['20000000'] }],
        ['TECH_ADOPTION', { technology_or: ['Salesforce', 'AWS', 'React'] }, { technology_or: ['Salesforce'] }],
        ['NEWS_EVENTS', {}, { news_topic_or: ['ACQUISITION'] }],
        ['NEWS_EVENTS', {}, { news_keyword_or: ['award'] }],
        ['NEW_JOB', {}, { job_title_or: ['engineer'] }],
        ['NEW_JOB', {}, { seniority_or: ['VP'] }],
        ['NEW_JOB', {}, { person_country_code_or: ['DE'] }],
        [
          'LINKEDIN_COMPETITOR_POST_ENGAGEMENT',
          { competitor_domain_or: ['acme.test'] },
          { engagement_type_or: ['COMMENT'] },
        ],
        ['LINKEDIN_COMPETITOR_POST_ENGAGEMENT', { competitor_domain_or: ['acme.test'] }, { post_keyword_or: ['AI'] }],
        ['LINKEDIN_KEYWORD_MENTION', { keyword_or: ['outbound'] }, { industry_or: ['Software'] }],
      ];
      for (const [type, base, extra] of cases) {
        const all = await search(type, base);
        const some = await search(type, { ...base, ...extra });
        assert.ok(
          some.total! > 0 && some.total! < all.total!,
          `${type} ${JSON.stringify(extra)}: ${some.total} of ${all.total}`,
        );
      }
    });

    it('when LinkedIn sources differ, then their facts differ, and a list of sources is their union', async () => {
      const acme = await search('LINKEDIN_COMPETITOR_POST_ENGAGEMENT', { competitor_domain_or: ['acme.test'] });
      const globex = await search('LINKEDIN_COMPETITOR_POST_ENGAGEMENT', { competitor_domain_or: ['globex.test'] });
      const both = await search('LINKEDIN_COMPETITOR_POST_ENGAGEMENT', {
        competitor_domain_or: ['acme.test', 'globex.test'],
      });
      assert.ok(acme.total! > 0 && globex.total! > 0);
      assert.notDeepEqual(keys(acme.items), keys(globex.items));
      assert.equal(both.total, acme.total! + globex.total!);
      // The same page watched as a partner's is the same posts, hence the same engagers.
      const partner = await search('LINKEDIN_PARTNER_POST_ENGAGEMENT', { partner_domain_or: ['acme.test'] });
      assert.deepEqual(keys(partner.items), keys(acme.items));
      // Followers (a closed preset) are served by the provider all the same.
      assert.ok((await search('LINKEDIN_COMPETITOR_FOLLOWERS', { competitor_domain_or: ['acme.test'] })).total! > 0);
    });

    it('when a champion filter names former employers, then only people who left them match', async () => {
      const all = await search('NEW_JOB', {}, { limit: 1000 });
      const former = all.items
        .map((f) => f.metadata.previous_company_domain)
        .filter((d): d is string => typeof d === 'string')
        .slice(0, 5);
      assert.ok(former.length > 0);
      const champions = await search('CHAMPION_CHANGED_JOB', { previous_company_domain_or: former });
      assert.ok(champions.total! > 0 && champions.total! < all.total!);
      for (const fact of champions.items) assert.ok(former.includes(fact.metadata.previous_company_domain as string));
    });

    it('when people are asked at a company, then its employees matching the persona filters', async () => {
      const everyone = await provider.peopleAt('acme.test', {}, 100);
      assert.ok(everyone.length > 0 && everyone.every((p) => p.company_domain === 'acme.test'));
      const titled = await provider.peopleAt('ACME-CORP.test', { job_title_or: [everyone[0].job_title!] }, 100);
      assert.ok(titled.length > 0 && titled.length <= everyone.length);
      assert.ok(titled.every((p) => p.job_title!.toLowerCase().includes(everyone[0].job_title!.toLowerCase())));
      assert.deepEqual(await provider.peopleAt('nowhere.invalid', {}, 10), []);
    });

    it('when the window is empty or the preset has no provider facts, then an empty page', async () => {
      assert.deepEqual(await search('NEW_JOB', {}, { from: TO, to: TO }), { items: [], total: 0 });
      assert.deepEqual(await search('CUSTOM_EVENT', { first_party_event_name: ['x'] }), { items: [], total: 0 });
      assert.deepEqual(await search('LINKEDIN_OWN_POST_ENGAGEMENT', {}), { items: [], total: 0 });
    });
  });
});
