// Matching one event's subject: the contact by email, then linkedin_url, then external_contact_id
// (a CRM link of the workspace, else the CRM record's email / LinkedIn URL), each against the
// workspace first and then the directory; the account by company_domain (aliases resolve to the
// primary domain), then external_company_id through the CRM. Directory and CRM answers are
// memoised per batch.
import type { CrmConnector, CrmRecord } from '../../providers/crm/index.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';
import {
  key,
  memo,
  personFromDirectory,
  str,
  type AccountMatch,
  type ContactHit,
  type ContactMatch,
  type Item,
} from './resolution-subjects.ts';

/** What the workspace answered for the batch, keyed `org|value`. */
export interface WorkspaceHits {
  byEmail: Map<string, ContactHit>;
  byLinkedin: Map<string, ContactHit>;
  byContactLink: Map<string, ContactHit>;
  byAccountLink: Map<string, ContactHit>;
}

export const workspaceMatch = (hit: ContactHit, crmExternalId: string | null = null): ContactMatch => ({
  kind: 'workspace',
  id: hit.id,
  accountId: hit.account_id,
  crmExternalId,
});

export function createMatchers(directory: Directory, crm: CrmConnector, ws: WorkspaceHits) {
  const personByEmail = memo((e) => directory.findPersonByEmail(e));
  const personByLinkedin = memo((l) => directory.findPersonByLinkedinUrl(l));
  const companyByDomain = memo((d) => directory.findCompanyByDomain(d));
  const crmRecord = memo((k) => {
    const [org, type, id] = k.split('|');
    return crm.findRecord(org, type === 'contact' ? 'contact' : 'company', id);
  });

  // A CRM contact: its email / LinkedIn URL in the workspace (checked later in the batch), else the directory, else the CRM's own fields.
  const contactFromCrm = async (record: CrmRecord, externalId: string): Promise<ContactMatch | null> => {
    const props = record.properties;
    const email = str(props.email) ? normalizeEmail(props.email) : null;
    const linkedinUrl = str(props.linkedin_url) ? normalizeLinkedinUrl(props.linkedin_url) : null;
    if (!email && !linkedinUrl) return null;
    const person =
      (email ? await personByEmail(email) : null) ?? (linkedinUrl ? await personByLinkedin(linkedinUrl) : null);
    const domain = str(props.company_domain) ? normalizeDomain(props.company_domain) : null;
    const company = domain ? await companyByDomain(domain) : null;
    const fromDirectory = person ? personFromDirectory(person, externalId) : null;
    return {
      kind: 'new',
      person: {
        email: email ?? fromDirectory?.email ?? null,
        linkedinUrl: linkedinUrl ?? fromDirectory?.linkedinUrl ?? null,
        firstName: str(props.first_name) ?? fromDirectory?.firstName ?? null,
        lastName: str(props.last_name) ?? fromDirectory?.lastName ?? null,
        jobTitle: str(props.job_title) ?? fromDirectory?.jobTitle ?? null,
        phone: str(props.phone) ?? fromDirectory?.phone ?? null,
        companyName: company?.name ?? str(props.company_name) ?? fromDirectory?.companyName ?? null,
        companyDomain: company?.domain ?? domain ?? fromDirectory?.companyDomain ?? null,
        crmExternalId: externalId,
      },
    };
  };

  const matchContact = async (i: Item): Promise<ContactMatch | null> => {
    if (i.email) {
      const hit = ws.byEmail.get(key(i.org, i.email));
      if (hit) return workspaceMatch(hit);
      const person = await personByEmail(i.email);
      if (person) return { kind: 'new', person: personFromDirectory(person) };
    }
    if (i.linkedinUrl) {
      const hit = ws.byLinkedin.get(key(i.org, i.linkedinUrl));
      if (hit) return workspaceMatch(hit);
      const person = await personByLinkedin(i.linkedinUrl);
      if (person) return { kind: 'new', person: personFromDirectory(person) };
    }
    if (i.externalContactId) {
      const hit = ws.byContactLink.get(key(i.org, i.externalContactId));
      if (hit) return workspaceMatch(hit);
      const record = await crmRecord(`${i.org}|contact|${i.externalContactId}`);
      if (record) return contactFromCrm(record, i.externalContactId);
    }
    return null;
  };

  const matchAccount = async (i: Item): Promise<AccountMatch | null> => {
    if (i.domain) {
      const company = await companyByDomain(i.domain);
      // Known to the directory: created when missing. Unknown: only a workspace account of that domain matches.
      return {
        kind: 'domain',
        domain: company?.domain ?? i.domain,
        name: company?.name ?? null,
        create: !!company,
        crmExternalId: null,
      };
    }
    if (i.externalCompanyId) {
      const hit = ws.byAccountLink.get(key(i.org, i.externalCompanyId));
      if (hit) return { kind: 'workspace', id: hit.id };
      const record = await crmRecord(`${i.org}|company|${i.externalCompanyId}`);
      const raw = record ? str(record.properties.domain) : null;
      const domain = raw ? normalizeDomain(raw) : null;
      if (record && domain) {
        const company = await companyByDomain(domain);
        return {
          kind: 'domain',
          domain: company?.domain ?? domain,
          name: str(record.properties.name) ?? company?.name ?? null,
          create: true,
          crmExternalId: i.externalCompanyId,
        };
      }
    }
    return null;
  };

  return { matchContact, matchAccount };
}
