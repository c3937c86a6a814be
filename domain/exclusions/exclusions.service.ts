// Contact and account exclusions: who outreach must leave alone. The feature's use cases, as the
// routes and other features import them.
export * from './records.ts';
export * from './listing.ts';
export * from './contact-exclusions.service.ts';
export * from './account-exclusions.service.ts';
export * from './exclusion-check.ts';
