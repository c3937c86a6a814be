// The service's people and company directory (its "lead database"), shared by all organizations
// and never workspace data. The sandbox implementation (sandbox.ts) serves a deterministic data
// set generated from a fixed seed into its own tables; a real data vendor plugs in behind this.

export interface DirectoryCompany {
  id: string;
  name: string;
  /** Primary domain; alias domains resolve to it. */
  domain: string;
  aliasDomains: string[];
  industry: string;
  /** Employee band such as '11-50', '51-200', '1001-5000'. */
  sizeBand: string;
  employeeCount: number;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** e.g. 'PRIVATE', 'PUBLIC', 'NONPROFIT', 'GOVERNMENT'. */
  companyType: string;
  technologies: string[];
}

export interface DirectoryJob {
  companyName: string;
  companyDomain: string | null;
  title: string;
  startedOn: string;
  endedOn: string | null;
}

export interface DirectoryPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** Canonical https://www.linkedin.com/in/<slug>. */
  linkedinUrl: string | null;
  jobTitle: string;
  /** e.g. 'C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR', 'ENTRY'. */
  seniority: string;
  phone: string | null;
  countryCode: string;
  company: DirectoryCompany | null;
  /** Newest first; the current job has endedOn null. */
  jobHistory: DirectoryJob[];
}

/** A person as stored: the company by id. */
export type DirectoryPersonRecord = Omit<DirectoryPerson, 'company'> & { companyId: string | null };

export interface Directory {
  /** A company by primary or alias domain (normalised input). */
  findCompanyByDomain(domain: string): Promise<DirectoryCompany | null>;
  /** findCompanyByDomain of several domains in one lookup (a batch of imports): each normalised domain asked, with its company or null. */
  findCompaniesByDomains(domains: string[]): Promise<Map<string, DirectoryCompany | null>>;
  /** A person by normalised email. */
  findPersonByEmail(email: string): Promise<DirectoryPerson | null>;
  /** A person by canonical LinkedIn URL. */
  findPersonByLinkedinUrl(linkedinUrl: string): Promise<DirectoryPerson | null>;
  /** A person by name at a company domain (case-insensitive), when exactly one matches. */
  findPersonByName(input: {
    firstName: string;
    lastName: string;
    companyDomain: string;
  }): Promise<DirectoryPerson | null>;
}
