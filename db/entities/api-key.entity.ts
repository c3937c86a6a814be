// An API key. Only the SHA-256 of the raw key is stored, with its leading characters for logs.
// `expires_at` is set on the old key when it is rotated (grace period) and `revoked_at` on revoke.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';
import { User } from './user.entity.ts';

export const ApiKeySchema = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    user: () => p.manyToOne(User).ref(),
    name: p.text(),
    keyPrefix: p.text().index(),
    keyHash: p.text().unique(),
    scopes: p.array(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    rotatedFromId: p.uuid().nullable(),
  },
});

export class ApiKey extends ApiKeySchema.class {}
ApiKeySchema.setClass(ApiKey);
