// Compiled, never run: the generated types refuse what the API refuses. Each @ts-expect-error must
// meet an error, so a generated client that accepted one of these bodies would fail to compile
// (tsc reports an unused @ts-expect-error), and the clients test with it.
import type { Schemas, OutreachClient } from '../src/index.ts';

export function bodies(api: OutreachClient) {
  const upsert: Schemas['ContactUpsert'] = { email: 'ada@example.com', first_name: 'Ada' };
  // @ts-expect-error a misspelt field: first_name
  const misspelt: Schemas['ContactUpsert'] = { email: 'ada@example.com', frist_name: 'Ada' };
  // @ts-expect-error neither identifier (email or linkedin_url)
  const anonymous: Schemas['ContactUpsert'] = { first_name: 'Ada' };
  return [
    upsert,
    misspelt,
    anonymous,
    api.POST('/v1/contacts', { body: { email: 'ada@example.com', first_name: 'Ada' } }),
    // @ts-expect-error a misspelt field in a call
    api.POST('/v1/contacts', { body: { email: 'ada@example.com', frist_name: 'Ada' } }),
  ];
}
