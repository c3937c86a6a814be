// Enrichment and qualification on the real stack: credits spent and refused, the asynchronous
// sandbox provider, get-and-enrich's "stored values win, nothing written back", the ICP profile
// and qualify with stored, inline and overriding input, and tenant isolation.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as admin from '../../../domain/admin/admin.service.ts';
import { client } from '../../helpers/http.ts';
import { newOrg, sleep, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

const ADA_LINKEDIN = 'https://www.linkedin.com/in/ada-lovelace-test';
const ENRICH_KEYS = ['completed', 'credits_remaining', 'credits_spent', 'data', 'match_found', 'pending_provider'];
const GET_AND_ENRICH_KEYS = [
  'completed',
  'contact_id',
  'credits_remaining',
  'credits_spent',
  'data',
  'pending_provider',
  'source',
];

let stack: Stack;
let api: ReturnType<typeof client>;

const balance = async (org: TestOrg) =>
  (await api.get('/v1/me', { key: org.apiKey })).body.enrichment_credits as number;
const enrich = (org: TestOrg, body: unknown) => api.post('/v1/contacts/enrich', { key: org.apiKey, body });
const getAndEnrich = (org: TestOrg, body: unknown) =>
  api.post('/v1/contacts/get-and-enrich', { key: org.apiKey, body });
const qualify = (org: TestOrg, body: unknown) => api.post('/v1/contacts/qualify', { key: org.apiKey, body });

async function upsert(org: TestOrg, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await api.post('/v1/contacts', { key: org.apiKey, body });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function jobCount(email: string): Promise<number> {
  const rows = await stack.orm.em
    .fork()
    .execute<{ n: string }[]>('select count(*) as n from "sandbox_enrichment_jobs" where "request_key" = ?', [
      `email:${email}`,
    ]);
  return Number(rows[0].n);
}

before(async () => {
  stack = await getStack();
  api = client(stack.url);
});

describe('POST /v1/contacts/enrich', () => {
  it('when Ada is described by email, then the directory data comes back, one credit is spent and the workspace is untouched', async () => {
    const org = await newOrg(stack);
    const response = await enrich(org, { email: 'ADA@acme.test' });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), ENRICH_KEYS);
    const { data, ...rest } = response.body;
    assert.deepEqual(rest, {
      completed: true,
      pending_provider: null,
      match_found: true,
      credits_spent: 1,
      credits_remaining: 99,
    });
    assert.equal(data.job_title, 'VP Engineering');
    assert.equal(data.company_domain, 'acme.test');
    assert.equal(data.company_name, 'Acme Corp');
    assert.equal(data.seniority, 'VP');
    assert.equal(data.company.industry, 'Software');
    assert.equal(data.provider, 'sandbox');
    assert.equal(await balance(org), 99, 'GET /v1/me shows the new balance');
    const contacts = await api.get('/v1/contacts', { key: org.apiKey });
    assert.equal(contacts.body.total_count, 0, 'enrich writes nothing to the workspace');
  });

  it('when described by LinkedIn URL or by name at a company domain, then the same person matches', async () => {
    const org = await newOrg(stack);
    const byUrl = await enrich(org, { linkedin_url: 'linkedin.com/in/Ada-Lovelace-Test/' });
    assert.equal(byUrl.body.data?.email, 'ada@acme.test', byUrl.text);
    const byName = await enrich(org, { first_name: 'ada', last_name: 'LOVELACE', company_domain: 'https://acme.test' });
    assert.equal(byName.body.data?.linkedin_url, ADA_LINKEDIN, byName.text);
    assert.equal(byName.body.credits_remaining, 98);
  });

  it('when nobody matches, then match_found false, data null and no credit is spent', async () => {
    const org = await newOrg(stack);
    const response = await enrich(org, { email: `nobody-${randomUUID()}@nowhere.test` });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      completed: true,
      pending_provider: null,
      match_found: false,
      data: null,
      credits_spent: 0,
      credits_remaining: 100,
    });
    assert.equal(await balance(org), 100);
  });

  it('when the body cannot identify a person, then 400 naming the fields', async () => {
    const org = await newOrg(stack);
    const partial = await enrich(org, { first_name: 'Ada', last_name: 'Lovelace' });
    assert.equal(partial.status, 400);
    assert.equal(partial.body.type, 'ValidationIssue');
    assert.deepEqual(partial.body.data.errors.map((e: { path: string }) => e.path).sort(), [
      'company_domain',
      'email',
      'linkedin_url',
    ]);
    const bad = await enrich(org, { email: 'not-an-email' });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.data.errors.map((e: { path: string }) => e.path),
      ['email'],
    );
    const unknown = await enrich(org, { email: 'ada@acme.test', phone: '1' });
    assert.equal(unknown.status, 400);
    assert.equal(await balance(org), 100);
  });

  it('when the balance is zero, then 422 naming enrichment_credits and the provider is not called', async () => {
    const org = await newOrg(stack);
    await admin.addCredits(stack.orm.em.fork(), org.organizationId, -100);
    const email = `zero-${randomUUID()}@async-enrich.test`;
    const refused = await enrich(org, { email });
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.body.type, 'BusinessIssue');
    assert.deepEqual(refused.body.data, { field: 'enrichment_credits', balance: 0 });
    assert.match(refused.body.message, /credits/);
    assert.equal(await jobCount(email), 0, 'the asynchronous provider opened no job: it was never asked');
    await admin.addCredits(stack.orm.em.fork(), org.organizationId, 1);
    const first = await enrich(org, { email });
    assert.equal(first.body.completed, false, "after a top-up this is the provider's first sight of the address");
    assert.equal(await jobCount(email), 1);
  });

  it('when the provider answers asynchronously, then pending without a credit first, and the data after the delay', async () => {
    const org = await newOrg(stack);
    const email = `jane.doe.${randomUUID().slice(0, 8)}@async-enrich.test`;
    const first = await enrich(org, { email });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, {
      completed: false,
      pending_provider: 'sandbox-async',
      match_found: false,
      data: null,
      credits_spent: 0,
      credits_remaining: 100,
    });
    const early = await enrich(org, { email });
    assert.equal(early.body.completed, false, 'a repeat before ready_at is still pending');
    await sleep(stack.config.enrichAsyncDelayMs + 100);
    const later = await enrich(org, { email });
    assert.equal(later.body.completed, true, later.text);
    assert.equal(later.body.pending_provider, null);
    assert.equal(later.body.match_found, true);
    assert.equal(later.body.data.first_name, 'Jane');
    assert.equal(later.body.data.email, email);
    assert.equal(later.body.data.company_domain, 'async-enrich.test');
    assert.equal(later.body.data.provider, 'sandbox-async');
    assert.equal(later.body.credits_spent, 1);
    assert.equal(await balance(org), 99);
  });
});

describe('POST /v1/contacts/get-and-enrich', () => {
  it('when the stored contact has email, job title and company domain, then stored values win and no credit is spent, even with none left', async () => {
    const org = await newOrg(stack);
    const stored = await upsert(org, {
      email: 'ada@acme.test',
      first_name: 'Ada',
      job_title: 'Chief Engine Officer',
      company_domain: 'acme.test',
    });
    await admin.addCredits(stack.orm.em.fork(), org.organizationId, -100);
    const response = await getAndEnrich(org, { email: 'Ada@Acme.test' });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), GET_AND_ENRICH_KEYS);
    assert.equal(response.body.contact_id, stored.id);
    assert.equal(response.body.source, 'workspace');
    assert.equal(
      response.body.data.job_title,
      'Chief Engine Officer',
      "the stored title, not the directory's VP Engineering",
    );
    assert.equal(response.body.data.last_name, null, 'no provider call filled it');
    assert.equal(response.body.credits_spent, 0);
    assert.equal(response.body.credits_remaining, 0);
  });

  it('when the stored contact has gaps, then the provider fills only them, a credit is spent and nothing is written back', async () => {
    const org = await newOrg(stack);
    const stored = await upsert(org, { linkedin_url: ADA_LINKEDIN, first_name: 'Augusta' });
    const response = await getAndEnrich(org, { contact_id: stored.id });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.source, 'workspace+provider');
    assert.equal(response.body.contact_id, stored.id);
    assert.equal(response.body.data.first_name, 'Augusta', 'stored values win');
    assert.equal(response.body.data.last_name, 'Lovelace');
    assert.equal(response.body.data.email, 'ada@acme.test');
    assert.equal(response.body.data.job_title, 'VP Engineering');
    assert.equal(response.body.data.company_domain, 'acme.test');
    assert.equal(response.body.data.company.industry, 'Software');
    assert.deepEqual([response.body.credits_spent, response.body.credits_remaining], [1, 99]);
    const after = await api.get(`/v1/contacts/${stored.id}`, { key: org.apiKey });
    assert.deepEqual(after.body, stored, 'the contact is unchanged');
  });

  it('when nothing matches but an email is given, then the provider enriches from scratch', async () => {
    const org = await newOrg(stack);
    const response = await getAndEnrich(org, { email: 'grace@globex.test' });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.source, 'provider');
    assert.equal(response.body.contact_id, null);
    assert.equal(response.body.data.job_title, 'Head of Sales');
    assert.equal(response.body.credits_spent, 1);
    const none = await getAndEnrich(org, { email: `nobody-${randomUUID()}@nowhere.test` });
    assert.deepEqual([none.body.data, none.body.credits_spent, none.body.credits_remaining], [null, 0, 99]);
  });

  it('when the contact_id belongs to another organization, then 404; without any locator, then 400', async () => {
    const org = await newOrg(stack);
    const other = await newOrg(stack);
    const theirs = await upsert(other, { email: `x-${randomUUID()}@globex.test` });
    const response = await getAndEnrich(org, { contact_id: theirs.id });
    assert.equal(response.status, 404);
    assert.equal(response.body.type, 'NotFoundIssue');
    const empty = await getAndEnrich(org, {});
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body.data.errors.map((e: { path: string }) => e.path).sort(), [
      'contact_id',
      'email',
      'linkedin_url',
    ]);
    assert.equal(await balance(org), 100);
  });
});

describe('ICP profile and POST /v1/contacts/qualify', () => {
  const ICP = { industries: ['Software'], countries: ['US'], job_titles: ['Engineering'], seniorities: ['VP'] };

  it('when no profile is set, then GET /v1/icp-profile has empty lists and qualify answers NEEDS_REVIEW', async () => {
    const org = await newOrg(stack);
    const profile = await api.get('/v1/icp-profile', { key: org.apiKey });
    assert.equal(profile.status, 200);
    assert.deepEqual(profile.body, {
      industries: [],
      company_sizes: [],
      countries: [],
      job_titles: [],
      seniorities: [],
      keywords: [],
    });
    const result = await qualify(org, { contact: { job_title: 'VP Engineering', company_domain: 'acme.test' } });
    assert.equal(result.status, 200, result.text);
    assert.deepEqual([result.body.score, result.body.verdict], [0, 'NEEDS_REVIEW']);
    assert.match(result.body.reasons[0], /No ICP profile/);
  });

  it('when the profile is set the way the CLI does, then GET /v1/icp-profile serves it and qualify scores against it without credits', async () => {
    const org = await newOrg(stack);
    await admin.setIcpProfile(stack.orm.em.fork(), org.organizationId, ICP);
    const profile = await api.get('/v1/icp-profile', { key: org.apiKey });
    assert.deepEqual(profile.body, { company_sizes: [], keywords: [], ...ICP });

    const ada = await upsert(org, { email: 'ada@acme.test', job_title: 'VP Engineering', company_domain: 'acme.test' });
    const stored = await qualify(org, { contact_id: ada.id });
    assert.equal(stored.status, 200, stored.text);
    assert.deepEqual(Object.keys(stored.body).sort(), ['reasons', 'score', 'verdict']);
    assert.deepEqual([stored.body.score, stored.body.verdict], [100, 'QUALIFIED'], stored.body.reasons.join('; '));
    assert.equal(stored.body.reasons.length, 4);

    // Globex: Manufacturing, US. industry 25 missed, job title 20 missed, country 15 matched, seniority unknown (10).
    const inline = await qualify(org, {
      contact: { first_name: 'Pat', job_title: 'Accountant', company_domain: 'globex.test' },
    });
    assert.deepEqual([inline.body.score, inline.body.verdict], [21, 'NOT_QUALIFIED'], inline.body.reasons.join('; '));

    const overridden = await qualify(org, {
      contact: { job_title: 'Accountant', company_domain: 'globex.test' },
      icp_context: { industries: ['manufacturing'] },
    });
    assert.deepEqual(
      [overridden.body.score, overridden.body.verdict],
      [100, 'QUALIFIED'],
      'icp_context replaces the workspace profile',
    );

    const given = await qualify(org, { contact: { job_title: 'VP Engineering', industry: 'Software', country: 'US' } });
    assert.deepEqual([given.body.score, given.body.verdict], [100, 'QUALIFIED'], 'inline facts without a domain');
    assert.equal(await balance(org), 100, 'qualification spends no credits');
  });

  it("when the contact_id is another organization's, then 404; with both or neither of contact_id and contact, then 400", async () => {
    const org = await newOrg(stack);
    const other = await newOrg(stack);
    const theirs = await upsert(other, { email: `q-${randomUUID()}@acme.test` });
    const foreign = await qualify(org, { contact_id: theirs.id });
    assert.equal(foreign.status, 404);
    const both = await qualify(org, { contact_id: theirs.id, contact: { job_title: 'CTO' } });
    assert.equal(both.status, 400);
    assert.deepEqual(both.body.data.errors.map((e: { path: string }) => e.path).sort(), ['contact', 'contact_id']);
    const neither = await qualify(org, { icp_context: ICP });
    assert.equal(neither.status, 400);
    const badIcp = await qualify(org, { contact: { job_title: 'CTO' }, icp_context: { industry: ['Software'] } });
    assert.equal(badIcp.status, 400);
    assert.equal(badIcp.body.data.errors[0].path, 'icp_context.industry');
    const badDomain = await qualify(org, { contact: { company_domain: 'not a domain' } });
    assert.equal(badDomain.status, 400);
    assert.equal(badDomain.body.data.errors[0].path, 'contact.company_domain');
  });
});
