// The fixed companies and people: the records tests and demos name.
import type { DirectoryCompany, DirectoryPersonRecord } from '../index.ts';

const ACME_ID = '0c0ffee0-ac3e-4000-8000-000000000001';
const GLOBEX_ID = '0c0ffee0-610b-4000-8000-000000000002';

/** Records every sandbox directory holds, whatever its size; tests and demos name them. */
export const FIXTURES: {
  acme: DirectoryCompany;
  globex: DirectoryCompany;
  ada: DirectoryPersonRecord;
  grace: DirectoryPersonRecord;
} = {
  acme: {
    id: ACME_ID,
    name: 'Acme Corp',
    domain: 'acme.test',
    aliasDomains: ['acme-corp.test'],
    industry: 'Software',
    sizeBand: '201-500',
    employeeCount: 350,
    countryCode: 'US',
    companyType: 'PRIVATE',
    technologies: ['Salesforce', 'HubSpot', 'AWS', 'React', 'Kubernetes'],
  },
  globex: {
    id: GLOBEX_ID,
    name: 'Globex',
    domain: 'globex.test',
    aliasDomains: [],
    industry: 'Manufacturing',
    sizeBand: '1001-5000',
    employeeCount: 2400,
    countryCode: 'US',
    companyType: 'PUBLIC',
    technologies: ['SAP', 'Oracle', 'Microsoft Azure', 'Salesforce'],
  },
  ada: {
    id: '0c0ffee0-0ada-4000-8000-000000000003',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@acme.test',
    linkedinUrl: 'https://www.linkedin.com/in/ada-lovelace-test',
    jobTitle: 'VP Engineering',
    seniority: 'VP',
    phone: '+14155550123',
    countryCode: 'US',
    companyId: ACME_ID,
    jobHistory: [
      {
        companyName: 'Acme Corp',
        companyDomain: 'acme.test',
        title: 'VP Engineering',
        startedOn: '2021-03-01',
        endedOn: null,
      },
      {
        companyName: 'Globex',
        companyDomain: 'globex.test',
        title: 'Director of Engineering',
        startedOn: '2016-09-01',
        endedOn: '2021-02-15',
      },
    ],
  },
  grace: {
    id: '0c0ffee0-0ace-4000-8000-000000000004',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@globex.test',
    linkedinUrl: 'https://www.linkedin.com/in/grace-hopper-test',
    jobTitle: 'Head of Sales',
    seniority: 'HEAD',
    phone: null,
    countryCode: 'US',
    companyId: GLOBEX_ID,
    jobHistory: [
      {
        companyName: 'Globex',
        companyDomain: 'globex.test',
        title: 'Head of Sales',
        startedOn: '2019-06-01',
        endedOn: null,
      },
      {
        companyName: 'Remington Rand',
        companyDomain: null,
        title: 'Sales Manager',
        startedOn: '2014-01-06',
        endedOn: '2019-05-10',
      },
    ],
  },
};
