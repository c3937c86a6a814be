// Every entity the ORM knows; the config and migrations read this list.
import { Account } from './account.entity.ts';
import { ApiKey } from './api-key.entity.ts';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { Suppression } from './suppression.entity.ts';
import { User } from './user.entity.ts';
import { AccountVariable, ContactVariable } from './variable.entity.ts';
import { DirectoryCompany, DirectoryCompanyDomain, DirectoryMeta, DirectoryPerson } from './directory.entity.ts';
import { CrmLink, SandboxCrmRecord } from './crm.entity.ts';
import { SandboxEnrichmentJob } from './enrichment.entity.ts';

export { Account, AccountVariable, ApiKey, Contact, ContactVariable, Organization, Suppression, User };
export { DirectoryCompany, DirectoryCompanyDomain, DirectoryMeta, DirectoryPerson };
export { CrmLink, SandboxCrmRecord };
export { SandboxEnrichmentJob };
export const entities = [Organization, User, ApiKey, Account, Contact, ContactVariable, AccountVariable, Suppression, DirectoryCompany, DirectoryCompanyDomain, DirectoryPerson, DirectoryMeta, SandboxCrmRecord, CrmLink, SandboxEnrichmentJob];
