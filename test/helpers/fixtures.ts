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
  const created = await admin.bootstrap(stack.orm.em.fork(), { orgName: name, ownerEmail: `owner${counter}@example.com`, ownerName: 'Owner', enrichmentCredits: 100 });
  return { organizationId: created.organization_id, userId: created.user_id, keyId: created.key_id, apiKey: created.api_key };
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
