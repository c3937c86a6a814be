// Examples of the list endpoints: a contact list fed to the template, and its entry for Ada; an
// account list of target companies, and Analytical Engines in it.
import { EXAMPLE_IDS as ID } from './ids.ts';
import { ACCOUNT, ADA } from './people.examples.ts';

const CONTACT_LIST = {
  id: ID.contactList,
  name: 'Engineering leaders, UK',
  default_sequence_template_id: ID.sequenceTemplate,
  entries_count: 1,
  created_at: '2026-03-02T09:10:00.118Z',
  updated_at: '2026-03-02T09:10:00.118Z',
};
const CONTACT_ENTRY = {
  id: ID.contactEntry,
  contact_list_id: ID.contactList,
  contact_id: ID.contact,
  ...ADA,
  external_contact_id: 'crm-contact-1042',
  phone: null,
  enrichment_status: 'DONE',
  enrichment_error: null,
  resolved_at: '2026-03-02T09:14:07.530Z',
  sequence: { id: ID.sequence, status: 'ACTIVE', stopped_reason: null },
  created_at: '2026-03-02T09:14:07.402Z',
  updated_at: '2026-03-02T09:15:01.220Z',
};
const ACCOUNT_LIST = {
  id: ID.accountList,
  name: 'Target accounts, software',
  entries_count: 1,
  created_at: '2026-03-01T15:20:31.777Z',
  updated_at: '2026-03-01T15:20:31.777Z',
};
const ACCOUNT_ENTRY = {
  id: ID.accountEntry,
  account_list_id: ID.accountList,
  account_id: ID.account,
  name: ACCOUNT.name,
  domain: ACCOUNT.domain,
  company: {
    name: 'Analytical Engines',
    domain: 'example.com',
    alias_domains: ['analytical-engines.example'],
    industry: 'Software',
    size_band: '201-500',
    employee_count: 240,
    country_code: 'GB',
    company_type: 'PRIVATE',
    technologies: ['PostgreSQL', 'Kubernetes', 'Python'],
  },
  created_at: '2026-03-01T15:21:02.004Z',
  updated_at: '2026-03-01T15:21:02.004Z',
};

/** The answers of the rename examples. */
export const CONTACT_LIST_RENAMED = {
  ...CONTACT_LIST,
  name: 'Engineering leaders, UK and Ireland',
  updated_at: '2026-03-06T09:00:00.000Z',
};
export const ACCOUNT_LIST_RENAMED = {
  ...ACCOUNT_LIST,
  name: 'Target accounts, software and fintech',
  updated_at: '2026-03-06T09:00:00.000Z',
};

/** The answer of a batch that wrote `resources`: each CREATED at its index. */
export function batchResult(resources: unknown[]): Record<string, unknown> {
  return {
    items: resources.map((resource, index) => ({ index, status: 'CREATED', resource, error: null })),
    summary: { total: resources.length, succeeded: resources.length, failed: 0 },
  };
}

const WEBINAR_LIST = {
  ...CONTACT_LIST,
  id: ID.webinarList,
  name: 'Webinar attendees, March',
  default_sequence_template_id: null,
  entries_count: 0,
};

export const listExamples: Record<string, unknown> = {
  ContactList: CONTACT_LIST,
  ContactListBatchCreate: {
    items: [
      { name: CONTACT_LIST.name, default_sequence_template_id: ID.sequenceTemplate },
      { name: WEBINAR_LIST.name },
    ],
  },
  ContactListBatchResult: batchResult([{ ...CONTACT_LIST, entries_count: 0 }, WEBINAR_LIST]),
  ContactListUpdate: { name: CONTACT_LIST_RENAMED.name },
  ContactEntry: CONTACT_ENTRY,
  ContactEntryBatchCreate: {
    items: [{ contact_list_id: ID.contactList, ...ADA, external_contact_id: 'crm-contact-1042' }],
  },
  ContactEntryBatchResult: batchResult([
    { ...CONTACT_ENTRY, enrichment_status: 'PENDING', contact_id: null, resolved_at: null, sequence: null },
  ]),
  AccountList: ACCOUNT_LIST,
  AccountListBatchCreate: { items: [{ name: ACCOUNT_LIST.name }] },
  AccountListBatchResult: batchResult([{ ...ACCOUNT_LIST, entries_count: 0 }]),
  AccountListUpdate: { name: ACCOUNT_LIST_RENAMED.name },
  AccountEntry: ACCOUNT_ENTRY,
  CompanyProfile: ACCOUNT_ENTRY.company,
  AccountEntryBatchCreate: { items: [{ account_list_id: ID.accountList, name: ACCOUNT.name, domain: ACCOUNT.domain }] },
  AccountEntryBatchResult: batchResult([ACCOUNT_ENTRY]),
  BatchSummary: { total: 2, succeeded: 1, failed: 1 },
  BatchItemError: { type: 'ValidationIssue', message: 'email or linkedin_url is required' },
};
