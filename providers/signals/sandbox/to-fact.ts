// A fact-query row as the provider's SignalFact: its stable key, event type and metadata per family.
import type { FactFamily } from '../../../domain/signals/presets.types.ts';
import type { FactPerson, SignalFact } from '../index.ts';
import type { FactRow } from './fact-query.ts';

export function toFact(family: FactFamily, sourceKind: string, row: FactRow): SignalFact {
  const entityId = row.person_id ?? row.company_id!;
  const key = sourceKind
    ? `${family}:${sourceKind}:${row.src}:${row.day}:${entityId}`
    : `${family}:${row.day}:${entityId}`;
  const company = row.company_id
    ? {
        name: row.company_name!,
        domain: row.company_domain!,
        industry: row.industry,
        size_band: row.size_band,
        country_code: row.company_country_code,
      }
    : null;
  const person: FactPerson | null = row.person_id
    ? {
        first_name: row.first_name ?? null,
        last_name: row.last_name ?? null,
        job_title: row.job_title ?? null,
        linkedin_url: row.linkedin_url ?? null,
        email: row.email ?? null,
        company_domain: row.company_domain,
      }
    : null;
  const occurredAt = new Date(row.occurred_at);
  const idPrefix = entityId.slice(0, 8);
  const idDigits = idPrefix.replace(/[^0-9]/g, '').padEnd(8, '0');
  const activity = `https://www.linkedin.com/feed/update/urn:li:activity:${row.day}${idDigits}`;
  let eventType: string;
  let metadata: Record<string, unknown>;
  switch (family) {
    case 'JOB_POSTING':
      eventType = 'JOB_POSTING';
      metadata = {
        job_title: row.d1,
        location: row.d2,
        description: `We are hiring a ${row.d1} in ${row.d2}. You will work with ${row.d3} on ${row.d4}.`,
        posting_url: `https://${row.company_domain}/careers/${row.day}-${entityId.slice(0, 8)}`,
      };
      break;
    case 'FUNDING_ROUND':
      eventType = 'FUNDING_ROUND';
      metadata = {
        round: row.d1,
        amount_usd: Number(row.d2),
        currency: 'USD',
        headline: `${row.company_name} raises ${row.d1}`,
      };
      break;
    case 'TECH_ADOPTION':
      eventType = 'TECH_ADOPTED';
      metadata = { technology: row.d1, detected_on: occurredAt.toISOString().slice(0, 10) };
      break;
    case 'NEWS':
      eventType = 'NEWS';
      metadata = { topic: row.d1, headline: row.d2, url: `https://news.example/${row.company_domain}/${row.day}` };
      break;
    case 'JOB_CHANGE':
      eventType = 'JOB_CHANGE';
      metadata = {
        new_title: person?.job_title ?? null,
        new_company_name: row.company_name,
        new_company_domain: row.company_domain,
        previous_title: row.previous_job?.title ?? null,
        previous_company_name: row.previous_job?.companyName ?? null,
        previous_company_domain: row.previous_job?.companyDomain ?? null,
      };
      break;
    case 'LINKEDIN_POST_ENGAGEMENT':
      eventType = `POST_${row.d1}`;
      metadata = {
        engagement_type: row.d1,
        post_topic: row.d2,
        post_url: activity,
        source: row.src,
        source_kind: sourceKind,
      };
      break;
    case 'LINKEDIN_MENTION':
      eventType = 'MENTION';
      metadata = { keyword: row.src, post_topic: row.d1, post_url: activity };
      break;
    default:
      eventType = sourceKind === 'event' ? 'EVENT_FOLLOW' : 'PAGE_FOLLOW';
      metadata = { page: row.src };
  }
  return { key, event_type: eventType, occurred_at: occurredAt, company, person, metadata };
}
