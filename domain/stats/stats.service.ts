// Results of sequence templates and senders (GET /v1/sequence-templates/{id}/stats, GET
// /v1/users/{id}/stats): sums of the per-day counters over a range of UTC days, with their rates.
// Reads only the counters, never the messages (docs/api/stats.md defines each number).
import type { EntityManager } from '@mikro-orm/postgresql';
import { SequenceTemplate, User } from '../../db/entities/index.ts';
import { DomainError } from '../shared/errors.ts';
import { COUNTER_COLUMNS, senderCounters, templateCounters, type Counters, type DayRange } from './stats.queries.ts';

export interface StatsNumbers {
  enrolled: number;
  active: number;
  sent: number;
  delivered: number;
  bounced: number;
  unique_opens: number;
  proxy_opens: number;
  unique_clicks: number;
  bot_clicks: number;
  replies: number;
  positive_replies: number;
  opt_outs: number;
  meetings_booked: number;
  tasks_completed: number;
  rates: StatsRates;
}

/** Shares of `sent` (bounce) or of `delivered` (the rest), 0..1 rounded to 4 places; null with nothing to divide by. */
export interface StatsRates {
  bounce_rate: number | null;
  open_rate: number | null;
  click_rate: number | null;
  reply_rate: number | null;
  positive_reply_rate: number | null;
  opt_out_rate: number | null;
}

const zero = (): Counters => Object.fromEntries(COUNTER_COLUMNS.map((c) => [c, 0])) as Counters;

function add(into: Counters, row: Counters): Counters {
  for (const c of COUNTER_COLUMNS) into[c] += row[c];
  return into;
}

const rate = (n: number, of: number): number | null => (of > 0 ? Math.round((n / of) * 10000) / 10000 : null);

export function numbersOf(c: Counters): StatsNumbers {
  const delivered = Math.max(0, c.sent - c.bounced);
  return {
    enrolled: c.enrolled,
    active: c.active,
    sent: c.sent,
    delivered,
    bounced: c.bounced,
    unique_opens: c.opened,
    proxy_opens: c.opened_proxy,
    unique_clicks: c.clicked,
    bot_clicks: c.clicked_bot,
    replies: c.replied,
    positive_replies: c.replied_positive,
    opt_outs: c.opted_out,
    meetings_booked: c.meetings,
    tasks_completed: c.tasks_completed,
    rates: {
      bounce_rate: rate(c.bounced, c.sent),
      open_rate: rate(c.opened, delivered),
      click_rate: rate(c.clicked, delivered),
      reply_rate: rate(c.replied, delivered),
      positive_reply_rate: rate(c.replied_positive, delivered),
      opt_out_rate: rate(c.opted_out, delivered),
    },
  };
}

/** `from` and `to` (YYYY-MM-DD, both included, either may be absent): `to` before `from` is refused. */
export function dayRange(from: string | undefined, to: string | undefined): DayRange {
  if (from && to && to < from) throw DomainError.invalid('to', 'must not be before from', 422);
  return { from: from ?? null, to: to ?? null };
}

export interface VariantStats extends StatsNumbers {
  variant: number;
}
export interface StepStats extends StatsNumbers {
  step_number: number;
  variants: VariantStats[];
}
export interface TemplateStats extends StatsNumbers {
  sequence_template_id: string;
  from: string | null;
  to: string | null;
  steps: StepStats[];
}

/** The template's results in the range: the whole, each of its steps (every step, counted or not), each variant sent. */
export async function templateStats(
  em: EntityManager,
  organizationId: string,
  templateId: string,
  range: DayRange,
): Promise<TemplateStats> {
  const template = await em.findOne(
    SequenceTemplate,
    { id: templateId, organization: organizationId },
    { fields: ['id', 'steps'] },
  );
  if (!template) throw DomainError.notFound('Sequence template');
  const rows = await templateCounters(em, organizationId, templateId, range);
  const total = zero();
  const steps = new Map<number, { counters: Counters; variants: Map<number, Counters> }>();
  for (let n = 1; n <= template.steps.length; n++) steps.set(n, { counters: zero(), variants: new Map() });
  for (const row of rows) {
    add(total, row);
    if (row.step_number === 0) continue;
    const step = steps.get(row.step_number) ?? { counters: zero(), variants: new Map<number, Counters>() };
    steps.set(row.step_number, step);
    add(step.counters, row);
    if (row.variant > 0) step.variants.set(row.variant, add(step.variants.get(row.variant) ?? zero(), row));
  }
  return {
    sequence_template_id: templateId,
    from: range.from,
    to: range.to,
    ...numbersOf(total),
    steps: [...steps.entries()]
      .sort(([a], [b]) => a - b)
      .map(([stepNumber, s]) => ({
        step_number: stepNumber,
        ...numbersOf(s.counters),
        variants: [...s.variants.entries()]
          .sort(([a], [b]) => a - b)
          .map(([variant, c]) => ({ variant, ...numbersOf(c) })),
      })),
  };
}

export interface SenderStats extends StatsNumbers {
  user_id: string;
  from: string | null;
  to: string | null;
  sequence_templates: (StatsNumbers & { sequence_template_id: string })[];
}

/** The results of a sender's mailbox in the range: the whole, and per template. */
export async function senderStats(
  em: EntityManager,
  organizationId: string,
  userId: string,
  range: DayRange,
): Promise<SenderStats> {
  const user = await em.findOne(User, { id: userId, organization: organizationId }, { fields: ['id'] });
  if (!user) throw DomainError.notFound('User');
  const rows = await senderCounters(em, organizationId, userId, range);
  const total = rows.reduce((sum, row) => add(sum, row), zero());
  return {
    user_id: userId,
    from: range.from,
    to: range.to,
    ...numbersOf(total),
    sequence_templates: rows.map((row) => ({ sequence_template_id: row.sequence_template_id, ...numbersOf(row) })),
  };
}
