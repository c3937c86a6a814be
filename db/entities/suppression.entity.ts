// What stays of a person erased at a privacy request: the SHA-256 of their normalised email or
// LinkedIn URL, so they are not imported again. Nothing readable remains.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { Organization } from './organization.entity.ts';

export const SUPPRESSION_KINDS = ['EMAIL', 'LINKEDIN_URL'] as const;

export const SuppressionSchema = defineEntity({
  name: 'Suppression',
  tableName: 'suppressions',
  properties: {
    organization: () => p.manyToOne(Organization).ref().primary(),
    kind: p.enum(SUPPRESSION_KINDS).primary(),
    valueHash: p.text().primary(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Suppression extends SuppressionSchema.class {}
SuppressionSchema.setClass(Suppression);
