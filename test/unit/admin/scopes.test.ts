// The scope catalogue (domain/admin/scopes.ts) holds every scope of the published API contract.
import assert from 'node:assert/strict';
import { isScope, parseScopes, SCOPES } from '../../../domain/admin/scopes.ts';

describe('scopes', () => {
  it('when compared with the published contract, then every scope of its table and enum exists', () => {
    // Transcribed from the published contract's authentication section (the table, then the enum's
    // extra scopes).
    const spec = [
      'contacts:read',
      'contacts:write',
      'accounts:read',
      'accounts:write',
      'contact_lists:read',
      'contact_lists:write',
      'account_lists:read',
      'account_lists:write',
      'sequences:read',
      'sequences:write',
      'tasks:read',
      'tasks:write',
      'contact_exclusions:read',
      'contact_exclusions:write',
      'account_exclusions:read',
      'account_exclusions:write',
      'activities:read',
      'messages:read',
      'events:read',
      'events:write',
      'webhooks:read',
      'webhooks:write',
      'users:read',
      'crm:write',
      'signals:read',
      'signals:write',
      'crm:read',
      'tools:execute',
      'exclusions:read',
      'exclusions:write',
    ];
    for (const scope of spec) assert.ok(isScope(scope), `missing scope ${scope}`);
    assert.equal(new Set(SCOPES).size, SCOPES.length);
  });

  it('when parsing a list, then spaces and duplicates are tolerated and unknown scopes are named', () => {
    assert.deepEqual(parseScopes('contacts:read, users:read,contacts:read'), ['contacts:read', 'users:read']);
    assert.throws(() => parseScopes('contacts:read,nope:write'), /nope:write/);
    assert.ok(SCOPES.includes('signals:write'));
  });
});
