// Shared setup of the exclusions suites (test/api/exclusions/*.test.ts) on the real stack: two
// organizations (for tenant isolation) and the create calls of both exclusion kinds.
import { client } from '../../helpers/http.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

export const CONTACT_FIELDS = ['id', 'email', 'linkedin_url', 'reason', 'message', 'until', 'created_at', 'updated_at'];
export const ACCOUNT_FIELDS = ['id', 'domain', 'reason', 'message', 'until', 'created_at', 'updated_at'];
export const past = () => new Date(Date.now() - 60_000).toISOString();
export const future = () => new Date(Date.now() + 86_400_000).toISOString();
export const paths = (body: { data: { errors: { path: string }[] } }) => body.data.errors.map((e) => e.path).sort();

export function exclusionsFixture() {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;
  let other: TestOrg;
  const postContact = (body: unknown, key = org.apiKey) => api.post('/v1/contact-exclusions', { key, body });
  const postAccount = (body: unknown, key = org.apiKey) => api.post('/v1/account-exclusions', { key, body });

  before(async () => {
    stack = await getStack();
    api = client(stack.url);
    org = await newOrg(stack, 'Exclusions Org');
    other = await newOrg(stack, 'Exclusions Other');
  });

  return {
    get stack() { return stack; },
    get api() { return api; },
    get org() { return org; },
    get other() { return other; },
    postContact,
    postAccount,
  };
}
