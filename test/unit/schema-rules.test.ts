// The schema rules the OpenAPI document states so that Schemathesis (test/api/fuzz.test.ts) finds
// the service doing what it says: identifier patterns agree with domain/people/identifiers.ts, declared
// strings refuse NUL, exactly-one and per-type rules name their fields, huge pages stay readable.
import assert from 'node:assert/strict';
import { pageWindow } from '../../api/pagination.ts';
import {
  DOMAIN_PATTERN,
  EMAIL_LOCAL_PATTERN,
  EMAIL_PATTERN,
  LINKEDIN_URL_PATTERN,
  NO_NUL_PATTERN,
} from '../../api/schemas/identifiers.schemas.ts';
import { enrichBodySchema } from '../../api/schemas/enrichment.schemas.ts';
import { contactUpsertSchema } from '../../api/schemas/people.schemas.ts';
import { qualifyBodySchema } from '../../api/schemas/qualify.schemas.ts';
import { templateCreateSchema } from '../../api/schemas/sequence-templates.schemas.ts';
import { storableStrings } from '../../api/schemas/storable.ts';
import { webhookUrlPattern } from '../../api/schemas/webhooks.schemas.ts';
import { bodyValidator } from '../../api/validation.ts';
import { ApiIssue } from '../../api/errors.ts';
import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../../domain/people/identifiers.ts';
import { urlProblem } from '../../domain/webhooks/url-policy.ts';

const matches = (pattern: string, value: string) => new RegExp(pattern, 'u').test(value);

function errorPaths(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ApiIssue);
    return (error.data as { errors: { path: string }[] }).errors.map((e) => e.path).sort();
  }
  return [];
}

describe('schema rules stated in the OpenAPI document', () => {
  it('when an identifier matches its pattern, then the normaliser accepts it; the usual forms match', () => {
    const domains = [
      'acme.test',
      ' GLOBEX.test ',
      'HTTPS://WWW.Blocked-Co.test/about?x=1',
      'acme.com:8080',
      'acme.com.',
      'https://acme.test',
    ];
    const emails = ['ADA@acme.test', '  Block.Me@Blocked.test ', "o'brien+x@acme.co.uk"];
    const urls = [
      'http://linkedin.com/in/Dup-Person/',
      'https://uk.linkedin.com/in/dup-person?trk=abc',
      'linkedin.com/in/ada',
      'www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller',
      'https://www.linkedin.com/mwlite/in/x',
    ];
    for (const d of domains) assert.ok(matches(DOMAIN_PATTERN, d) && normalizeDomain(d), d);
    for (const e of emails)
      assert.ok(matches(EMAIL_PATTERN, e) && matches(EMAIL_LOCAL_PATTERN, e) && normalizeEmail(e), e);
    for (const u of urls) assert.ok(matches(LINKEDIN_URL_PATTERN, u) && normalizeLinkedinUrl(u), u);
  });

  it('when an identifier is malformed, then its pattern refuses it', () => {
    for (const d of ['', 'localhost', 'not a domain', 'acme.com?x=@evil.test', '0'])
      assert.ok(!matches(DOMAIN_PATTERN, d), d);
    for (const e of ['', 'not-an-email', 'a..b@acme.test', '.a@acme.test', 'a@acme'])
      assert.ok(!matches(EMAIL_PATTERN, e), e);
    assert.ok(!matches(EMAIL_LOCAL_PATTERN, `${'a'.repeat(65)}@acme.test`));
    for (const u of [
      '',
      'https://example.com/in/x',
      'https://www.linkedin.com/in/..',
      'https://www.linkedin.com/in/%FF',
    ]) {
      assert.ok(!matches(LINKEDIN_URL_PATTERN, u), u);
    }
  });

  it('when a webhook URL matches the policy pattern, then the URL policy accepts it', () => {
    const policy = { allowHttpLoopback: true, allowPrivate: false };
    const pattern = webhookUrlPattern(policy);
    for (const url of [
      'https://example.com/hook',
      'http://127.0.0.1:4000/hook',
      'https://hooks.example.co.uk:8443/a?b=c',
    ]) {
      assert.ok(matches(pattern, url) && urlProblem(url, policy) === null, url);
    }
    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.1/hook',
      'https://user:pw@example.com/hook',
      'not a url',
    ]) {
      assert.ok(!matches(pattern, url), url);
    }
    assert.ok(!matches(webhookUrlPattern({ allowHttpLoopback: false, allowPrivate: false }), 'http://127.0.0.1/hook'));
  });

  it('when a declared string carries NUL, then 400 naming it; formats, enums and patterns keep their rule', () => {
    const schema = storableStrings({
      type: 'object',
      properties: {
        name: { type: 'string' },
        id: { type: 'string', format: 'uuid' },
        kind: { type: 'string', enum: ['A'] },
        code: { type: 'string', pattern: '^[a-z]+$' },
        tags: { type: 'array', items: { type: ['string', 'null'] } },
      },
    });
    const props = schema.properties as Record<string, Record<string, unknown>>;
    assert.equal(props.name.pattern, NO_NUL_PATTERN);
    assert.equal(props.id.pattern, undefined);
    assert.equal(props.kind.pattern, undefined);
    assert.deepEqual([props.code.pattern, props.code.allOf], ['^[a-z]+$', [{ pattern: NO_NUL_PATTERN }]]);
    const validate = bodyValidator(schema);
    assert.deepEqual(
      errorPaths(() => validate({ name: 'a\u0000', tags: ['ok', 'b\u0000'] })),
      ['name', 'tags[1]'],
    );
    assert.deepEqual(
      errorPaths(() => validate({ name: 'ok', tags: [null] })),
      [],
    );
  });

  it('when both or neither of an exactly-one pair are sent, then both fields are named', () => {
    const validate = bodyValidator(qualifyBodySchema);
    assert.deepEqual(
      errorPaths(() => validate({ contact_id: '6f1f6c4e-4a40-4b8e-9d3a-0b1f2b3c4d5e', contact: {} })),
      ['contact', 'contact_id'],
    );
    assert.deepEqual(
      errorPaths(() => validate({})),
      ['contact', 'contact_id'],
    );
    assert.deepEqual(
      errorPaths(() => validate({ contact: {} })),
      [],
    );
    // Both sent and one of them malformed: still both named (and the malformed one for itself).
    assert.deepEqual(
      errorPaths(() => validate({ contact_id: 'not-a-uuid', contact: {} })),
      ['contact', 'contact_id', 'contact_id'],
    );
  });

  it('when a body needs one identifier among several, then a field error is named once and what the alternatives lack only when none is met', () => {
    const upsert = bodyValidator(storableStrings(contactUpsertSchema));
    assert.deepEqual(
      errorPaths(() => upsert({ first_name: 'Nobody' })),
      ['email', 'linkedin_url'],
    );
    assert.deepEqual(
      errorPaths(() => upsert({ email: null })),
      ['email', 'linkedin_url'],
    );
    assert.deepEqual(
      errorPaths(() => upsert({ email: 'not-an-email' })),
      ['email'],
    );
    assert.deepEqual(
      errorPaths(() => upsert({ email: 'a@b.test', favourite_color: 'blue' })),
      ['favourite_color'],
    );
    assert.deepEqual(
      errorPaths(() => upsert({ linkedin_url: 'https://www.linkedin.com/in/ada', first_name: 42 })),
      ['first_name'],
    );
    assert.deepEqual(
      errorPaths(() =>
        upsert({ email: 'a@b.test', linkedin_url: 'https://www.linkedin.com/in/ada', first_name: 'Ada' }),
      ),
      [],
    );
    const enrich = bodyValidator(storableStrings(enrichBodySchema));
    assert.deepEqual(
      errorPaths(() => enrich({ first_name: 'Ada' })),
      ['company_domain', 'email', 'last_name', 'linkedin_url'],
    );
    assert.deepEqual(
      errorPaths(() => enrich({ first_name: ' ', last_name: 'L', company_domain: 'acme.test' })),
      ['email', 'first_name', 'linkedin_url'],
    );
    assert.deepEqual(
      errorPaths(() => enrich({ first_name: 'Ada', last_name: 'L', company_domain: 'not a domain' })),
      ['company_domain'],
    );
    const qualify = bodyValidator(storableStrings(qualifyBodySchema));
    assert.deepEqual(
      errorPaths(() => qualify({ contact: { job_title: 'CTO' }, icp_context: { industry: ['Software'] } })),
      ['icp_context.industry'],
    );
  });

  it('when a template step is written, then an EMAIL step has a subject that is not blank or continues the thread, and another type takes neither', () => {
    const create = bodyValidator(storableStrings(templateCreateSchema));
    const step = (fields: Record<string, unknown>) => ({
      name: 'T',
      steps: [{ delay_days: 0, body: 'Hi', ...fields }],
    });
    for (const fields of [
      { type: 'EMAIL', subject: 'Hi' },
      { type: 'EMAIL', subject: 'Hi', thread: false },
      // Without a subject the step continues the thread (the first EMAIL step needing one is the service's 422).
      { type: 'EMAIL' },
      { type: 'EMAIL', subject: null },
      { type: 'EMAIL', thread: true },
      { type: 'EMAIL', subject: '', thread: true },
      { type: 'CALL' },
      { type: 'CALL', subject: null },
      { type: 'LINKEDIN_MESSAGE', subject: '' },
    ]) {
      assert.deepEqual(
        errorPaths(() => create(step(fields))),
        [],
        JSON.stringify(fields),
      );
    }
    for (const fields of [
      { type: 'EMAIL', subject: ' ' },
      { type: 'EMAIL', thread: false },
      { type: 'EMAIL', subject: null, thread: false },
      { type: 'EMAIL', subject: 'Hi', thread: true },
      { type: 'CALL', subject: 'Hi' },
    ]) {
      assert.deepEqual(
        errorPaths(() => create(step(fields))),
        ['steps[0].subject'],
        JSON.stringify(fields),
      );
    }
    assert.deepEqual(
      errorPaths(() => create(step({ type: 'CALL', thread: false }))),
      ['steps[0].thread'],
    );
    assert.deepEqual(
      errorPaths(() => create(step({ type: 'FAX', subject: 'Hi' }))),
      ['steps[0].type'],
    );
  });

  it('when a page is beyond any table (even beyond 2^53), then the offset is still an integer PostgreSQL reads', () => {
    const { offset } = pageWindow({ page: 694359672908318003691520, size: 10, sort_order: 'asc' });
    assert.ok(Number.isSafeInteger(offset));
  });
});
