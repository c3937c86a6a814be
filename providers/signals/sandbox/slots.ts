// Which directory entities have a fact on a given day: every entity sits in one of SLOT_COUNT slots,
// and a seeded generator picks a fixed share of the slots per family, source and day.
import type { FactFamily } from '../../../domain/signals/presets.types.ts';
import { mulberry32 } from '../../directory/generator/random.ts';

/** Slots of the directory tables (the expression of the slot indexes: hashtext(id::text) & 4095). */
export const SLOT_COUNT = 4096;

/** Share of the entities with a fact of the family on a given day (per source for LinkedIn families). */
export const DAILY_RATES: Record<FactFamily, number> = {
  JOB_POSTING: 0.02,
  FUNDING_ROUND: 0.003,
  TECH_ADOPTION: 0.02,
  NEWS: 0.015,
  JOB_CHANGE: 0.002,
  LINKEDIN_POST_ENGAGEMENT: 0.002,
  LINKEDIN_MENTION: 0.0005,
  LINKEDIN_FOLLOW: 0.001,
  FIRST_PARTY_EVENT: 0,
  CRM_LIST_ENTRY: 0,
};

/** FNV-1a of a string: the seed of a (family, source, day) slot pick. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The slots whose entities have a fact of `family` from `source` on `day` (deterministic). */
export function slotsOf(family: FactFamily, source: string, day: number): number[] {
  const count = Math.round(DAILY_RATES[family] * SLOT_COUNT);
  const rng = mulberry32(fnv1a(`${family}|${source}|${day}`));
  const slots = new Set<number>();
  for (let i = 0; i < count; i++) slots.add(Math.floor(rng() * SLOT_COUNT));
  return [...slots];
}
