// Shared setup of the exclusions suites (test/api/exclusions/*.test.ts) on the real stack: two
// organizations (for tenant isolation) and the create calls of both exclusion kinds.
import { apiSuiteFixture } from '../../helpers/fixtures.ts';

export const CONTACT_FIELDS = ['id', 'email', 'linkedin_url', 'reason', 'message', 'until', 'created_at', 'updated_at'];
export const ACCOUNT_FIELDS = ['id', 'domain', 'reason', 'message', 'until', 'created_at', 'updated_at'];
export const past = () => new Date(Date.now() - 60_000).toISOString();
export const future = () => new Date(Date.now() + 86_400_000).toISOString();
export const paths = (body: { data: { errors: { path: string }[] } }) => body.data.errors.map((e) => e.path).sort();

export function exclusionsFixture() {
  const fx = apiSuiteFixture({ org: 'Exclusions Org', other: 'Exclusions Other' });
  const postContact = (body: unknown, key = fx.org.apiKey) => fx.api.post('/v1/contact-exclusions', { key, body });
  const postAccount = (body: unknown, key = fx.org.apiKey) => fx.api.post('/v1/account-exclusions', { key, body });

  return Object.assign(fx, {
    postContact,
    postAccount,
  });
}
