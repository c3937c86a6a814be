// A signal's settings: the types of its status, cadence, destination and filters, and the
// documented defaults and limits of its caps and names.
import type { IMPORT_TARGETS, SIGNAL_CADENCES, SIGNAL_STATUSES } from '../../db/entities/signal.entity.ts';

/** People per detected company when max_companies_per_run is set without max_contacts_per_company. */
export const DEFAULT_CONTACTS_PER_COMPANY = 3;
/** max_per_day of a provider-backed signal with no cap: this, or the organization's lead limit when lower. */
export const DEFAULT_MAX_PER_DAY = 50;
/** Custom-event signals take no caps: every kept event lands, at most this many a poll (docs/api/signals.md). */
export const CUSTOM_EVENT_MAX_PER_DAY = 500;
export const SIGNAL_NAME_MAX = 255;
export const EVENT_NAME_MAX = 255;

export type Filters = Record<string, string[]>;
export type SignalStatus = (typeof SIGNAL_STATUSES)[number];
export type SignalCadence = (typeof SIGNAL_CADENCES)[number];
export type ImportTarget = (typeof IMPORT_TARGETS)[number];
