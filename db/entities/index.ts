// Every entity the ORM knows; the config and migrations read this list.
import { ApiKey } from './api-key.entity.ts';
import { Organization } from './organization.entity.ts';
import { User } from './user.entity.ts';

export { ApiKey, Organization, User };
export const entities = [Organization, User, ApiKey];
