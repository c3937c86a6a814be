// The values the directory's categorical fields take; signal filters accept the same lists.

export const SIZE_BANDS = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001-10000', '10001+'] as const;
export const SENIORITIES = ['C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR', 'ENTRY'] as const;
export const COMPANY_TYPES = ['PRIVATE', 'PUBLIC', 'NONPROFIT', 'GOVERNMENT', 'EDUCATION'] as const;
export const INDUSTRIES = [
  'Software', 'Information Technology', 'Financial Services', 'Banking', 'Insurance', 'Healthcare', 'Biotechnology',
  'Manufacturing', 'Retail', 'E-commerce', 'Telecommunications', 'Energy', 'Logistics', 'Real Estate', 'Media',
  'Marketing & Advertising', 'Consulting', 'Hospitality', 'Automotive', 'Education', 'Government', 'Non-Profit',
] as const;
export const TECHNOLOGIES = [
  'Salesforce', 'HubSpot', 'Marketo', 'Pardot', 'Snowflake', 'Databricks', 'BigQuery', 'Amazon Redshift', 'AWS',
  'Google Cloud', 'Microsoft Azure', 'React', 'Angular', 'Vue.js', 'Node.js', 'Python', 'Java', 'Go', 'Ruby on Rails',
  'Kubernetes', 'Docker', 'Terraform', 'PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Elasticsearch', 'Kafka', 'Stripe',
  'Shopify', 'Zendesk', 'Intercom', 'Slack', 'Microsoft Teams', 'Zoom', 'Okta', 'Jira', 'GitHub', 'Segment', 'Tableau',
  'Looker', 'Workday', 'SAP', 'Oracle', 'NetSuite', 'Datadog',
] as const;
