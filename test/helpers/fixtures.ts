// Test fixtures made through the same domain services the admin CLI uses.
import type { Scope } from '../../domain/admin/scopes.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { client } from './http.ts';
import { getStack, type Stack } from './stack.ts';

export interface TestOrg {
  organizationId: string;
  userId: string;
  keyId: string;
  apiKey: string;
}

let counter = 0;

export async function newOrg(stack: Stack, name = `Org ${++counter}`): Promise<TestOrg> {
  const created = await admin.bootstrap(stack.orm.em.fork(), {
    orgName: name,
    ownerEmail: `owner${counter}@example.com`,
    ownerName: 'Owner',
    enrichmentCredits: 100,
  });
  return {
    organizationId: created.organization_id,
    userId: created.user_id,
    keyId: created.key_id,
    apiKey: created.api_key,
  };
}

export async function newKey(stack: Stack, organizationId: string, scopes: Scope[], userId?: string) {
  return admin.createKey(stack.orm.em.fork(), { organizationId, name: `key-${++counter}`, scopes, userId });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What most API suites start from: the shared stack, an HTTP client on it and a fresh organization. */
export async function apiSuite(): Promise<{ stack: Stack; api: ReturnType<typeof client>; org: TestOrg }> {
  const stack = await getStack();
  return { stack, api: client(stack.url), org: await newOrg(stack) };
}

export interface ApiSuiteFixture {
  stack: Stack;
  api: ReturnType<typeof client>;
  org: TestOrg;
  /** A second organization, for tenant isolation (only when named). */
  other: TestOrg;
}

/**
 * apiSuite() as a mocha before hook of the calling describe, with a second organization when
 * `other` is named. The answer is filled in by that hook: read its fields in tests and later hooks.
 * A suite's own fixture adds its helpers with Object.assign, and can declare fields it fills in its
 * own hooks with `T`.
 */
export function apiSuiteFixture<T extends object = object>(
  names: { org?: string; other?: string } = {},
): ApiSuiteFixture & T {
  const fixture = {} as ApiSuiteFixture & T;
  before(async () => {
    fixture.stack = await getStack();
    fixture.api = client(fixture.stack.url);
    fixture.org = await newOrg(fixture.stack, names.org);
    if (names.other) fixture.other = await newOrg(fixture.stack, names.other);
  });
  return fixture;
}
