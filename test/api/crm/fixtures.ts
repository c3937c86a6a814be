// Shared setup of the CRM write suites (test/api/crm/*.test.ts) on the real stack: an organization,
// the sandbox CRM read directly, accounts and contacts written through the ORM (unlinked), and the
// body of a CRM write.
import { Account, Contact } from '../../../db/entities/index.ts';
import { SandboxCrm } from '../../../providers/crm/sandbox.ts';
import { apiSuiteFixture, type TestOrg } from '../../helpers/fixtures.ts';

/** The body of a CRM write: one field per [property, value] pair. */
export const fields = (...pairs: [string, string][]) => ({
  fields: pairs.map(([property, value]) => ({ property, value })),
});

export function crmFixture(orgName: string) {
  const fx = apiSuiteFixture<{ crm: SandboxCrm }>({ org: orgName });
  before(() => {
    fx.crm = new SandboxCrm(fx.stack.orm);
  });

  async function createAccount(org: TestOrg, domain: string, name = 'Some Company'): Promise<string> {
    const em = fx.stack.orm.em.fork();
    const account = em.create(Account, { organization: org.organizationId, name, domain });
    await em.flush();
    return account.id;
  }

  async function createContact(
    org: TestOrg,
    fields: { email?: string; linkedinUrl?: string; firstName?: string; lastName?: string; accountId?: string },
  ): Promise<string> {
    const em = fx.stack.orm.em.fork();
    const contact = em.create(Contact, {
      organization: org.organizationId,
      email: fields.email ?? null,
      linkedinUrl: fields.linkedinUrl ?? null,
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      account: fields.accountId ?? null,
    });
    await em.flush();
    return contact.id;
  }

  return Object.assign(fx, { createAccount, createContact });
}
