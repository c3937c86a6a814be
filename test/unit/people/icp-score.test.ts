// The qualification rule (domain/people/icp-score.ts): each criterion, the weights, the verdict thresholds,
// unknown facts, determinism, the empty ICP, and the ICP shape check the CLI relies on.
import assert from 'node:assert/strict';
import {
  containsPhrase,
  emptyIcp,
  icpFromStored,
  parseIcpProfile,
  qualify,
  QUALIFY_WEIGHTS,
  seniorityFromTitle,
  type IcpProfile,
  type QualifyFacts,
} from '../../../domain/people/icp-score.ts';

// Ada of the sandbox directory: VP Engineering at Acme Corp (Software, 201-500, US).
const ada: QualifyFacts = {
  job_title: 'VP Engineering',
  seniority: 'VP',
  industry: 'Software',
  company_size: '201-500',
  employee_count: 350,
  country: 'US',
  company_name: 'Acme Corp',
  technologies: ['Salesforce', 'AWS', 'Kubernetes'],
};
const unknownPerson: QualifyFacts = {
  job_title: null,
  seniority: null,
  industry: null,
  company_size: null,
  employee_count: null,
  country: null,
  company_name: null,
  technologies: [],
};
const icp = (partial: Partial<IcpProfile>): IcpProfile => ({ ...emptyIcp(), ...partial });

describe('qualify', () => {
  it('when the weights are read, then they add up to 100', () => {
    assert.equal(
      Object.values(QUALIFY_WEIGHTS).reduce((a, b) => a + b, 0),
      100,
    );
  });

  it('when no criterion is set, then score 0, NEEDS_REVIEW and a reason saying so', () => {
    const result = qualify(ada, emptyIcp());
    assert.deepEqual({ score: result.score, verdict: result.verdict }, { score: 0, verdict: 'NEEDS_REVIEW' });
    assert.equal(result.reasons.length, 1);
    assert.match(result.reasons[0], /No ICP profile/);
  });

  const single: [keyof IcpProfile, string[], string[], Partial<QualifyFacts>?][] = [
    ['industries', ['software'], ['Manufacturing']],
    ['countries', ['us'], ['DE']],
    ['company_sizes', ['201-500'], ['1001-5000']],
    ['company_sizes', ['101-1000'], ['1-50'], { company_size: '201-500' }],
    ['company_sizes', ['300+'], ['1-100'], { company_size: null, employee_count: 350 }],
    ['job_titles', ['engineering'], ['sales']],
    ['job_titles', ['VP Engineering'], ['Engineering VP']],
    ['seniorities', ['vp'], ['C_LEVEL']],
    ['seniorities', ['VP'], ['DIRECTOR'], { seniority: null }],
    ['keywords', ['kubernetes'], ['blockchain']],
  ];
  for (const [field, hit, miss, override] of single) {
    it(`when only ${field} is set (${hit.join(',')} vs ${miss.join(',')}${override ? `, ${JSON.stringify(override)}` : ''}), then a match scores 100 and a miss scores 0`, () => {
      const facts = { ...ada, ...override };
      const matched = qualify(facts, icp({ [field]: hit }));
      assert.equal(matched.score, 100, matched.reasons.join('; '));
      assert.equal(matched.verdict, 'QUALIFIED');
      assert.match(matched.reasons[0], /\(\+\d+\)$/);
      const missed = qualify(facts, icp({ [field]: miss }));
      assert.equal(missed.score, 0, missed.reasons.join('; '));
      assert.equal(missed.verdict, 'NOT_QUALIFIED');
      assert.match(missed.reasons[0], /\+0 of \d+/);
    });
  }

  it('when several criteria are set, then the score is the matched share of their weights', () => {
    // industries 25 + countries 15 matched, job_titles 20 missed: 40 of 60.
    const result = qualify(ada, icp({ industries: ['Software'], countries: ['US'], job_titles: ['Sales'] }));
    assert.equal(result.score, Math.round((100 * 40) / 60));
    assert.equal(result.reasons.length, 3);
    assert.deepEqual(
      result.reasons.map((r) => r.split(' ')[0]),
      ['industry', 'job', 'country'],
      'heaviest criteria first',
    );
  });

  it('when the score lands on 100, 70, 65, 40 and 35, then QUALIFIED at 70 and above, NOT_QUALIFIED below 40, else NEEDS_REVIEW', () => {
    const full = icp({
      industries: ['Software'],
      company_sizes: ['201-500'],
      job_titles: ['Engineering'],
      countries: ['US'],
      seniorities: ['VP'],
      keywords: ['AWS'],
    });
    // Every fact known, so unknowns play no part; the comments list the weights missed.
    const small = { company_size: '1-10', employee_count: 5 };
    const outsider = {
      ...ada,
      ...small,
      job_title: 'Accountant',
      seniority: 'ENTRY',
      company_name: 'Initech',
      technologies: [],
    };
    const cases: [QualifyFacts, number, string][] = [
      [ada, 100, 'QUALIFIED'],
      [{ ...ada, ...small, technologies: [] }, 70, 'QUALIFIED'], // size 20, keywords 10
      [{ ...ada, ...small, country: 'FR' }, 65, 'NEEDS_REVIEW'], // size 20, country 15
      [outsider, 40, 'NEEDS_REVIEW'], // size 20, title 20, seniority 10, keywords 10
      [{ ...outsider, country: 'FR', technologies: ['AWS'] }, 35, 'NOT_QUALIFIED'], // size 20, title 20, country 15, seniority 10
    ];
    for (const [facts, score, verdict] of cases) {
      const result = qualify(facts, full);
      assert.deepEqual([result.score, result.verdict], [score, verdict], result.reasons.join('; '));
      assert.equal(result.reasons.length, 6, 'one reason per criterion set');
    }
  });

  it('when a fact is unknown, then it scores nothing but keeps a low score from NOT_QUALIFIED', () => {
    const result = qualify(unknownPerson, icp({ industries: ['Software'], job_titles: ['Engineering'] }));
    assert.equal(result.score, 0);
    assert.equal(result.verdict, 'NEEDS_REVIEW', 'matching the unknown facts could still qualify');
    assert.ok(result.reasons.some((r) => r.startsWith('industry unknown')));
    assert.ok(result.reasons.some((r) => /unknown facts could lift it to 100/.test(r)));
    const known = qualify(
      { ...unknownPerson, industry: 'Retail', job_title: 'Accountant' },
      icp({ industries: ['Software'], job_titles: ['Engineering'] }),
    );
    assert.equal(known.verdict, 'NOT_QUALIFIED');
  });

  it('when the same facts and profile are scored twice, then the answers are identical', () => {
    const profile = icp({ industries: ['Software', 'Retail'], job_titles: ['VP'], keywords: ['aws', 'gcp'] });
    assert.deepEqual(qualify(ada, profile), qualify(structuredClone(ada), structuredClone(profile)));
  });

  it('when reading seniority from a job title, then the cue words decide', () => {
    assert.equal(seniorityFromTitle('Chief Revenue Officer'), 'C_LEVEL');
    assert.equal(seniorityFromTitle('CTO'), 'C_LEVEL');
    assert.equal(seniorityFromTitle('Vice President, Sales'), 'VP');
    assert.equal(seniorityFromTitle('Head of Sales'), 'HEAD');
    assert.equal(seniorityFromTitle('Engineering Director'), 'DIRECTOR');
    assert.equal(seniorityFromTitle('Sr. Engineer'), 'SENIOR');
    assert.equal(seniorityFromTitle('Engineer'), null);
    assert.equal(seniorityFromTitle(null), null);
  });

  it('when matching phrases, then whole words in order count, not substrings', () => {
    assert.equal(containsPhrase('VP Engineering', 'engineering'), true);
    assert.equal(containsPhrase('VP Engineering', 'vp engineering'), true);
    assert.equal(containsPhrase('VP Engineering', 'engineer'), false);
    assert.equal(containsPhrase('Head of Sales', 'sales head'), false);
  });
});

describe('ICP profile shape', () => {
  it('when the profile is well-formed, then entries are trimmed and missing lists are empty', () => {
    const parsed = parseIcpProfile({ industries: [' Software '], countries: ['US'] });
    assert.deepEqual(parsed.profile, { ...emptyIcp(), industries: ['Software'], countries: ['US'] });
  });

  it('when the profile has unknown keys, wrong types or empty entries, then each is named', () => {
    const parsed = parseIcpProfile({ industry: ['Software'], countries: 'US', keywords: [''], job_titles: [42] });
    assert.equal(parsed.profile, null);
    assert.deepEqual(parsed.errors.map((e) => e.path).sort(), [
      'countries',
      'industry',
      'job_titles[0]',
      'keywords[0]',
    ]);
    assert.equal(parseIcpProfile([]).profile, null);
    assert.equal(parseIcpProfile(null).profile, null);
  });

  it('when a stored profile is read, then it has every list whatever was stored', () => {
    assert.deepEqual(icpFromStored(null), emptyIcp());
    assert.deepEqual(icpFromStored({ industries: ['Software'], other: ['x'] }), {
      ...emptyIcp(),
      industries: ['Software'],
    });
  });
});
