// Buying signals: a preset watched with filters, feeding a destination contact or account list on
// a cadence.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';
import type { SignalType } from '../../domain/signals/presets.types.ts';

export const SIGNAL_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED'] as const;

export const SIGNAL_CADENCES = ['DAILY', 'WEEKLY'] as const;

export const IMPORT_TARGETS = ['PEOPLE', 'COMPANIES'] as const;

export const SignalSchema = defineEntity({
  name: 'Signal',
  tableName: 'signals',
  indexes: [
    { name: 'signals_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    {
      name: 'signals_event_name_unique',
      expression:
        'create unique index "signals_event_name_unique" on "signals" ("organization_id", "event_name") where "event_name" is not null',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    signalType: p.text().$type<SignalType>(),
    status: p.enum(SIGNAL_STATUSES).default('ACTIVE'),
    cadence: p.enum(SIGNAL_CADENCES).default('DAILY'),
    searchFilters: p.json<Record<string, string[]>>(),
    importSearchFilters: p.json<Record<string, string[]>>(),
    importTarget: p.enum(IMPORT_TARGETS),
    /** CUSTOM_EVENT only: PEOPLE or COMPANIES. */
    eventSubject: p.text().$type<(typeof IMPORT_TARGETS)[number]>().nullable(),
    /** CUSTOM_EVENT only: the watched first_party_event_name (one signal per name per organization, archived ones included). */
    eventName: p.text().nullable(),
    sequenceTemplateId: p.uuid().nullable(),
    enrichEmail: p.boolean().default(true),
    enrichPhones: p.boolean().default(true),
    maxPerRun: p.integer().nullable(),
    maxCompaniesPerRun: p.integer().nullable(),
    maxContactsPerCompany: p.integer().nullable(),
    /** The ceiling a check enforces, resolved from the caps (domain/signals). */
    maxPerDay: p.integer(),
    importedCount: p.integer().default(0),
    contactListId: p.uuid().nullable(),
    accountListId: p.uuid().nullable(),
    lastCheckedAt: p.datetime().nullable(),
    /** CUSTOM_EVENT: the poll watermark (received_at and id of the last event read), null before the first poll. */
    watermark: p.json<{ received_at: string; id: string }>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    archivedAt: p.datetime().nullable(),
  },
});

export class Signal extends SignalSchema.class {}
SignalSchema.setClass(Signal);
