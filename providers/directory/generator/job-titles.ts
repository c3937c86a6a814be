// Departments, seniorities and the job titles they give, for current and earlier jobs.
import { weights, type Rng } from './random.ts';

export interface Department {
  name: string;
  chief: string;
  manager: string;
  roles: readonly string[];
}

const DEPARTMENTS: readonly Department[] = [
  {
    name: 'Engineering',
    chief: 'Chief Technology Officer',
    manager: 'Engineering Manager',
    roles: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'DevOps Engineer', 'QA Engineer'],
  },
  {
    name: 'Sales',
    chief: 'Chief Revenue Officer',
    manager: 'Sales Manager',
    roles: ['Account Executive', 'Sales Development Representative', 'Business Development Representative'],
  },
  {
    name: 'Marketing',
    chief: 'Chief Marketing Officer',
    manager: 'Marketing Manager',
    roles: ['Marketing Specialist', 'Content Marketer', 'Growth Marketer', 'Demand Generation Specialist'],
  },
  {
    name: 'Product',
    chief: 'Chief Product Officer',
    manager: 'Group Product Manager',
    roles: ['Product Manager', 'Product Designer', 'UX Researcher'],
  },
  {
    name: 'Finance',
    chief: 'Chief Financial Officer',
    manager: 'Finance Manager',
    roles: ['Financial Analyst', 'Accountant', 'Payroll Specialist'],
  },
  {
    name: 'Operations',
    chief: 'Chief Operating Officer',
    manager: 'Operations Manager',
    roles: ['Operations Analyst', 'Operations Specialist', 'Project Coordinator'],
  },
  {
    name: 'Human Resources',
    chief: 'Chief People Officer',
    manager: 'HR Manager',
    roles: ['Recruiter', 'HR Generalist', 'Talent Acquisition Specialist'],
  },
  {
    name: 'Customer Success',
    chief: 'Chief Customer Officer',
    manager: 'Customer Success Team Lead',
    roles: ['Customer Success Manager', 'Support Specialist', 'Account Manager'],
  },
  {
    name: 'IT',
    chief: 'Chief Information Officer',
    manager: 'IT Manager',
    roles: ['Systems Administrator', 'IT Support Specialist', 'Network Engineer'],
  },
  {
    name: 'Data',
    chief: 'Chief Data Officer',
    manager: 'Analytics Manager',
    roles: ['Data Analyst', 'Data Scientist', 'Data Engineer'],
  },
  {
    name: 'Legal',
    chief: 'General Counsel',
    manager: 'Legal Operations Manager',
    roles: ['Paralegal', 'Legal Counsel', 'Contracts Specialist'],
  },
];
export const DEPARTMENT_WEIGHTS = weights(
  DEPARTMENTS.map((d) => [d, d.name === 'Engineering' || d.name === 'Sales' ? 4 : d.name === 'Legal' ? 1 : 2] as const),
);
export const SENIORITY_WEIGHTS = weights([
  ['C_LEVEL', 3],
  ['VP', 5],
  ['HEAD', 5],
  ['DIRECTOR', 10],
  ['MANAGER', 20],
  ['SENIOR', 27],
  ['ENTRY', 30],
] as const);

export function jobTitle(rng: Rng, department: Department, seniority: string): string {
  const d = department.name;
  switch (seniority) {
    case 'C_LEVEL':
      return rng.chance(0.15) ? rng.pick(['Chief Executive Officer', 'Founder & CEO', 'Co-Founder']) : department.chief;
    case 'VP':
      return rng.pick([`VP ${d}`, `VP of ${d}`, `Vice President, ${d}`]);
    case 'HEAD':
      return `Head of ${d}`;
    case 'DIRECTOR':
      return rng.pick([`Director of ${d}`, `${d} Director`, `Senior Director, ${d}`]);
    case 'MANAGER':
      return rng.chance(0.5) ? department.manager : `${d} Manager`;
    case 'SENIOR':
      return `${rng.chance(0.2) ? 'Lead' : 'Senior'} ${rng.pick(department.roles)}`;
    default:
      return `${rng.chance(0.1) ? 'Junior ' : ''}${rng.pick(department.roles)}`;
  }
}

/** The seniority one job earlier, when a person was promoted since. */
export const LOWER_SENIORITY: Record<string, string> = {
  C_LEVEL: 'VP',
  VP: 'DIRECTOR',
  HEAD: 'DIRECTOR',
  DIRECTOR: 'MANAGER',
  MANAGER: 'SENIOR',
  SENIOR: 'ENTRY',
  ENTRY: 'ENTRY',
};
