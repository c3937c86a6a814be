// POST /v1/signals/preview (docs/api/signals.md, 'Presets and preview'): up to 10 matches over the last 30 days,
// newest first, with the provider's count over the window. No import filters, no dedup against
// lists, no cap; creates nothing.
import type { SignalDataProvider, SignalFact } from '../../providers/signals/index.ts';
import { DomainError } from '../shared/errors.ts';
import { validateFilters } from './filters.ts';
import { isSignalType, presetOf } from './presets.ts';
import { DAY_MS } from '../shared/time.ts';

export const PREVIEW_WINDOW_DAYS = 30;
export const PREVIEW_LIMIT = 10;

export interface PreviewItem {
  event_type: string | null;
  company_name: string | null;
  company_domain: string | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  email: string | null;
}

export interface PreviewResult {
  window_days: number;
  total_count: number | null;
  items: PreviewItem[];
}

function item(scope: 'COMPANY' | 'PEOPLE', fact: SignalFact): PreviewItem {
  const person = scope === 'PEOPLE' ? fact.person : null;
  return {
    event_type: fact.event_type,
    company_name: fact.company?.name ?? null,
    company_domain: fact.company?.domain ?? person?.company_domain ?? null,
    first_name: person?.first_name ?? null,
    last_name: person?.last_name ?? null,
    job_title: person?.job_title ?? null,
    linkedin_url: person?.linkedin_url ?? null,
    email: person?.email ?? null,
  };
}

export async function previewSignal(
  provider: SignalDataProvider,
  signalType: string,
  searchFilters: unknown,
  now = new Date(),
): Promise<PreviewResult> {
  if (!isSignalType(signalType)) throw DomainError.invalid('signal_type', 'is not a signal type', 422);
  const preset = presetOf(signalType);
  if (!preset.open_for_creation) throw DomainError.notFound(`Signal preset ${signalType}`);
  if (!preset.preview_supported) {
    throw DomainError.invalidFields(
      `signal_type: the ${signalType} preset has no preview (preview_supported is false).`,
      [{ path: 'signal_type', message: 'has no preview (preview_supported is false)' }],
      422,
    );
  }
  const filters = validateFilters(preset, searchFilters, 'search_filters');
  const page = await provider.search({
    signalType,
    filters,
    from: new Date(now.getTime() - PREVIEW_WINDOW_DAYS * DAY_MS),
    to: now,
    limit: PREVIEW_LIMIT,
  });
  return {
    window_days: PREVIEW_WINDOW_DAYS,
    total_count: page.total,
    items: page.items.slice(0, PREVIEW_LIMIT).map((fact) => item(preset.scope, fact)),
  };
}
