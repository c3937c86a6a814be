// The preset catalogue's invariants (the preset record of docs/api/signals.md) and the filter validation that
// preview, create and patch share.
import assert from 'node:assert/strict';
import { DomainError } from '../../../domain/shared/errors.ts';
import { FILTER_KEYS, validateFilters, validateImportFilters } from '../../../domain/signals/filters.ts';
import { openPresets, presetOf, presetRecord, PRESETS } from '../../../domain/signals/presets.ts';
import { FACT_FAMILIES, SIGNAL_TYPES } from '../../../domain/signals/presets.types.ts';

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof DomainError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

describe('signal preset catalogue', () => {
  it('when the catalogue is read, then every SIGNAL_TYPE has exactly one preset, under its own type', () => {
    assert.deepEqual(Object.keys(PRESETS).sort(), [...SIGNAL_TYPES].sort());
    for (const type of SIGNAL_TYPES) {
      assert.equal(presetOf(type).signal_type, type);
      assert.ok(presetOf(type).title && presetOf(type).description && presetOf(type).category_label, type);
      assert.ok((FACT_FAMILIES as readonly string[]).includes(presetOf(type).family), type);
    }
  });

  it('when filter keys are read, then required keys are a subset of filter keys, none repeats, and each is a known key', () => {
    for (const preset of Object.values(PRESETS)) {
      assert.equal(new Set(preset.filter_keys).size, preset.filter_keys.length, preset.signal_type);
      for (const key of preset.required_filter_keys)
        assert.ok(preset.filter_keys.includes(key), `${preset.signal_type}: ${key}`);
      for (const key of preset.filter_keys)
        assert.ok(FILTER_KEYS[key], `${preset.signal_type}: ${key} is not in FILTER_KEYS`);
    }
  });

  it('when HIRING_SIGNALS is read, then it has exactly the documented filter keys, job_title_or required', () => {
    const hiring = presetOf('HIRING_SIGNALS');
    assert.deepEqual([...hiring.filter_keys].sort(), [
      'company_country_code_or',
      'company_size',
      'company_type',
      'industry_not',
      'industry_or',
      'job_description_contains_or',
      'job_location_pattern_or',
      'job_title_or',
    ]);
    assert.deepEqual(hiring.required_filter_keys, ['job_title_or']);
    assert.equal(hiring.scope, 'COMPANY');
  });

  it('when CUSTOM_EVENT is read, then it is the only preset requiring an event subject; people scope, selectable, first_party_event_name required, no preview', () => {
    const custom = presetOf('CUSTOM_EVENT');
    assert.deepEqual(
      {
        scope: custom.scope,
        selectable: custom.scope_selectable_at_creation,
        keys: custom.filter_keys,
        required: custom.required_filter_keys,
        preview: custom.preview_supported,
        family: custom.family,
        open: custom.open_for_creation,
      },
      {
        scope: 'PEOPLE',
        selectable: true,
        keys: ['first_party_event_name'],
        required: ['first_party_event_name'],
        preview: false,
        family: 'FIRST_PARTY_EVENT',
        open: true,
      },
    );
    assert.deepEqual(
      Object.values(PRESETS)
        .filter((p) => p.requires_event_subject)
        .map((p) => p.signal_type),
      ['CUSTOM_EVENT'],
    );
  });

  it('when the open presets are listed, then the useful ones are there with preview, and the connection-bound ones are not', () => {
    const open = openPresets().map((p) => p.signal_type);
    for (const type of [
      'HIRING_SIGNALS',
      'JOB_DESCRIPTION_KEYWORD',
      'FUNDING_EVENTS',
      'TECH_ADOPTION',
      'COMPETITOR_TECH_ADOPTION',
      'INTEGRATION_TECH_ADOPTION',
      'NEWS_EVENTS',
      'NEW_JOB',
      'CHAMPION_CHANGED_JOB',
      'LINKEDIN_KEYWORD_MENTION',
      'LINKEDIN_COMPETITOR_POST_ENGAGEMENT',
      'CUSTOM_EVENT',
    ] as const) {
      assert.ok(open.includes(type), type);
      if (type !== 'CUSTOM_EVENT') assert.equal(presetOf(type).preview_supported, true, type);
    }
    for (const type of [
      'LINKEDIN_OWN_POST_ENGAGEMENT',
      'LINKEDIN_OWN_COMPANY_FOLLOWERS',
      'LINKEDIN_COMPETITOR_FOLLOWERS',
      'LINKEDIN_OWN_BRAND_MENTION',
      'CRM_LIST_ENTRY',
    ] as const) {
      assert.ok(!open.includes(type), type);
    }
  });

  it('when a preset becomes an API record, then it carries exactly the documented fields', () => {
    assert.deepEqual(Object.keys(presetRecord(presetOf('NEW_JOB'))).sort(), [
      'category_label',
      'description',
      'filter_keys',
      'preview_supported',
      'required_filter_keys',
      'requires_event_subject',
      'scope',
      'scope_selectable_at_creation',
      'signal_type',
      'title',
    ]);
  });
});

describe('signal filter validation', () => {
  const hiring = presetOf('HIRING_SIGNALS');

  it('when filters are valid, then they come back normalised (trimmed, canonical case, bare domains, no duplicates, empty optional lists dropped)', () => {
    assert.deepEqual(
      validateFilters(hiring, {
        job_title_or: [' Engineer ', 'Engineer'],
        company_country_code_or: ['us'],
        company_size: ['51-200'],
        company_type: ['private'],
        industry_or: [],
      }),
      {
        job_title_or: ['Engineer'],
        company_country_code_or: ['US'],
        company_size: ['51-200'],
        company_type: ['PRIVATE'],
      },
    );
    assert.deepEqual(
      validateFilters(presetOf('CHAMPION_CHANGED_JOB'), {
        previous_company_domain_or: ['https://www.Acme.test/about'],
      }),
      { previous_company_domain_or: ['acme.test'] },
    );
  });

  it('when a key is unknown, then 422 naming it under the field name given', () => {
    const error = refusal(() =>
      validateFilters(hiring, { job_title_or: ['x'], keyword_or: ['y'] }, 'import_search_filters'),
    );
    assert.equal(error.status, 422);
    assert.deepEqual(
      error.fields.map((f) => f.path),
      ['import_search_filters.keyword_or'],
    );
  });

  it('when a required key is missing or empty, then 422 naming it', () => {
    for (const filters of [{}, { job_title_or: [] }, { job_title_or: ['  '] }, undefined]) {
      const error = refusal(() => validateFilters(hiring, filters));
      assert.equal(error.status, 422);
      assert.match(error.fields[0].path, /^search_filters\.job_title_or/);
    }
  });

  it("when values are not lists of strings, or outside a key's set, then 422 naming the key", () => {
    const cases: [unknown, string][] = [
      ['not an object', 'search_filters'],
      [{ job_title_or: 'Engineer' }, 'search_filters.job_title_or'],
      [{ job_title_or: [1] }, 'search_filters.job_title_or'],
      [{ job_title_or: ['x'], company_size: ['huge'] }, 'search_filters.company_size[0]'],
      [{ job_title_or: ['x'], company_country_code_or: ['USA'] }, 'search_filters.company_country_code_or[0]'],
    ];
    for (const [filters, path] of cases)
      assert.equal(refusal(() => validateFilters(hiring, filters)).fields[0].path, path, JSON.stringify(filters));
    assert.equal(
      refusal(() => validateFilters(presetOf('FUNDING_EVENTS'), { funding_amount_min_usd: ['lots'] })).fields[0].path,
      'search_filters.funding_amount_min_usd[0]',
    );
    assert.equal(
      refusal(() => validateFilters(presetOf('CUSTOM_EVENT'), { first_party_event_name: ['a', 'b'] })).fields[0].path,
      'search_filters.first_party_event_name',
    );
  });

  it('when import filters are checked, then people take personas and companies take firmographics', () => {
    assert.deepEqual(validateImportFilters('PEOPLE', { seniority_or: ['vp'] }), { seniority_or: ['VP'] });
    assert.equal(
      refusal(() => validateImportFilters('COMPANIES', { seniority_or: ['VP'] })).fields[0].path,
      'import_search_filters.seniority_or',
    );
  });
});
