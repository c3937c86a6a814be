// The ledger of outside effects (emails, LinkedIn actions, CRM writes): one row per intended effect,
// keyed by what makes it unique (an email's Message-ID, a step of a run, a CRM record's creation).
// The row is committed before the provider is called and records the outcome after, so a retry
// never repeats a done effect (domain/outbound/effects.ts). Written with SQL by that module; this
// entity keeps the table in the ORM's schema.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const OUTBOUND_EFFECT_KINDS = [
  'EMAIL',
  'LINKEDIN_INVITATION',
  'LINKEDIN_MESSAGE',
  'CRM_CREATE',
  'CRM_UPDATE',
  'CRM_DELETE',
] as const;
export type OutboundEffectKind = (typeof OUTBOUND_EFFECT_KINDS)[number];

/**
 * PENDING: recorded, the provider not called (or its last call is known not to have reached it).
 * IN_FLIGHT: a call started and its outcome is not recorded (the caller died or the answer was lost).
 * DONE: the provider took it. REFUSED: the provider refused it for good. CANCELLED: dropped before
 * any call (its run ended meanwhile). UNCONFIRMED: a call's outcome could not be known and the
 * provider cannot be asked; counted as done, never repeated.
 */
export const OUTBOUND_EFFECT_STATES = ['PENDING', 'IN_FLIGHT', 'DONE', 'REFUSED', 'CANCELLED', 'UNCONFIRMED'] as const;
export type OutboundEffectState = (typeof OUTBOUND_EFFECT_STATES)[number];

export const OutboundEffectSchema = defineEntity({
  name: 'OutboundEffect',
  tableName: 'outbound_effects',
  uniques: [{ name: 'outbound_effects_key_unique', properties: ['key'] }],
  indexes: [
    { name: 'outbound_effects_sequence_index', properties: ['sequenceId'] },
    // An email's Message-ID is its key at the transport (the sandbox stores it once, receivers dedupe by it): unique too.
    {
      name: 'outbound_effects_message_id_unique',
      expression: `create unique index "outbound_effects_message_id_unique" on "outbound_effects" (("request" ->> 'messageId')) where "kind" = 'EMAIL'`,
    },
    {
      name: 'outbound_effects_state_index',
      expression: `create index "outbound_effects_state_index" on "outbound_effects" ("state", "attempted_at") where "state" in ('PENDING', 'IN_FLIGHT')`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    /** The business key, unique across the service (`sequence-step/<id>/<n>`, `task-reply/<id>/<opening>`, `crm-create/...`); an email's Message-ID is unique as well. */
    key: p.text(),
    kind: p.enum(OUTBOUND_EFFECT_KINDS),
    state: p.enum(OUTBOUND_EFFECT_STATES).default('PENDING'),
    /** The run the effect belongs to, when any (no foreign key: the ledger outlives nothing, it only records). */
    sequenceId: p.uuid().nullable(),
    /** What the provider is asked, exactly as every attempt sends it (rendered once, when recorded). */
    request: p.json<Record<string, unknown>>(),
    /** The provider's answer: its id for the effect, and its reason for a refusal. */
    result: p.json<Record<string, unknown>>().nullable(),
    /** Provider calls started. */
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    createdAt: p.datetime(),
    attemptedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
  },
});

export class OutboundEffect extends OutboundEffectSchema.class {}
OutboundEffectSchema.setClass(OutboundEffect);
