// A sender's sending settings in API tests: the admin CLI on the stack's database, a new user made
// with it, and the `sending` record GET /v1/users shows for a user. Getters, as the suite's stack,
// client and organization are made in its `before` hook.
import assert from 'node:assert/strict';
import { adminCli } from './admin-cli.ts';
import type { TestOrg } from './fixtures.ts';
import type { client } from './http.ts';
import type { Stack } from './stack.ts';

export function senderSending(suite: () => { stack: Stack; api: ReturnType<typeof client>; org: TestOrg }) {
  const cli = () => adminCli(suite().stack);
  return {
    cli,
    newUser: (email: string) =>
      cli().json('user', 'create', '--org', suite().org.organizationId, '--email', email, '--name', 'Sender'),
    shownSending: async (userId: string) => {
      const response = await suite().api.get('/v1/users?size=100', { key: suite().org.apiKey });
      assert.equal(response.status, 200);
      return response.body.items.find((u: { id: string }) => u.id === userId).sending;
    },
  };
}
