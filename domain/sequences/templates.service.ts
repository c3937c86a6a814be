// Sequence template use cases: create, patch, read and list. Checks what a JSON schema cannot:
// the timezone (Intl), the sender and its pool (active users of the organization: sender-pool.ts), that subjects and bodies
// parse as Liquid, that EMAIL steps have a subject, and that an ACTIVE template has a step.
import { LockMode } from '@mikro-orm/core';
import { ref, type EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClients } from '../../workflows/clients.ts';
import { SequenceTemplate } from '../../db/entities/index.ts';
import type {
  MissingChannelRule,
  SendingSchedule,
  TemplateStatus,
  TemplateStep,
  VariantWinner,
  WindowTimezone,
} from '../../db/entities/sequence-template.entity.ts';
import { escapeLike } from '../people/accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { parseTemplate, TemplateSyntaxError } from './render.ts';
import { templateSenders } from './sender-pool.ts';
import { storedVariants, VARIANT_STEP_TYPES } from './variants.ts';
import { endRuns } from './runs.ts';
import { iso } from '../shared/time.ts';
import type { ContentWarning } from './content-check/content-check.ts';
import { templateWarnings } from './preview.service.ts';
import type { StepEmailSettings } from './step-email.ts';
import { deliverRunsChanged } from '../workflow-commands/deliver.ts';
import { recordRunsChanged } from '../workflow-commands/outbox.ts';
import {
  organizationTemplateIds,
  runningRunsOfTemplate,
  templateCount,
  templateIdsPage,
  type TemplateWhere,
} from './templates.queries.ts';

export interface TemplateInput {
  name: string;
  summary?: string | null;
  status?: TemplateStatus;
  language?: string;
  timezone?: string;
  steps?: TemplateStepInput[];
  on_missing_channel?: MissingChannelRule;
  schedule?: SendingSchedule | null;
  window_timezone?: WindowTimezone;
  skip_holidays?: boolean;
  holiday_country?: string | null;
  sender_user_id?: string;
  sender_user_ids?: string[] | null;
  requires_lead_review?: boolean;
  open_tracking?: boolean;
  click_tracking?: boolean;
}

export type TemplatePatch = Partial<TemplateInput>;

export interface TemplateRecord {
  id: string;
  name: string;
  summary: string | null;
  status: TemplateStatus;
  step_count: number;
  language: string;
  timezone: string;
  activated_at: string | null;
  created_at: string;
  updated_at: string;
  steps: TemplateStep[];
  on_missing_channel: MissingChannelRule;
  schedule: SendingSchedule | null;
  window_timezone: WindowTimezone;
  skip_holidays: boolean;
  holiday_country: string | null;
  sender_user_id: string | null;
  /** The pool of senders each new run is given one of (sender-pool.ts), or null: every run sends as sender_user_id. */
  sender_user_ids: string[] | null;
  requires_lead_review: boolean;
  open_tracking: boolean;
  click_tracking: boolean;
  /** The A/B winners of its steps, by step number (docs/api/stats.md). */
  variant_winners: Record<string, VariantWinner>;
  /** The content check of its steps, on the answer of a write that leaves it ACTIVE (docs/api/sequence-templates.md). */
  warnings?: ContentWarning[];
}

/** The record with its content check when it is ACTIVE and the caller asked for the check (`content`). */
async function checkedRecord(
  em: EntityManager,
  organizationId: string,
  template: SequenceTemplate,
  content: StepEmailSettings | undefined,
): Promise<TemplateRecord> {
  const record = toTemplateRecord(template);
  if (!content || template.status !== 'ACTIVE') return record;
  return { ...record, warnings: await templateWarnings(em, content, organizationId, template) };
}

export function toTemplateRecord(t: SequenceTemplate): TemplateRecord {
  return {
    id: t.id,
    name: t.name,
    summary: t.summary ?? null,
    status: t.status,
    step_count: t.steps.length,
    language: t.language,
    timezone: t.timezone,
    activated_at: iso(t.activatedAt ?? null),
    created_at: iso(t.createdAt)!,
    updated_at: iso(t.updatedAt)!,
    steps: t.steps,
    on_missing_channel: t.onMissingChannel,
    schedule: t.schedule ?? null,
    window_timezone: t.windowTimezone,
    skip_holidays: t.skipHolidays,
    holiday_country: t.holidayCountry ?? null,
    sender_user_id: t.senderUser?.id ?? null,
    sender_user_ids: t.senderUserIds ?? null,
    requires_lead_review: t.requiresLeadReview,
    open_tracking: t.openTracking,
    click_tracking: t.clickTracking,
    variant_winners: t.variantWinners ?? {},
  };
}

function checkTimezone(timezone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw DomainError.invalid('timezone', 'is not an IANA time zone (for example Europe/Paris)');
  }
}

/** A step as written: `thread` may be false or absent where the stored form keeps only a true one. */
export type TemplateStepInput = Omit<TemplateStep, 'thread'> & { thread?: boolean };

/**
 * Steps as stored: an EMAIL step either has a subject (it starts a thread) or continues the thread
 * (`thread: true`, the default without a subject); other types take neither. Every text must parse
 * as Liquid, and the first EMAIL step must start a thread. A step's variants follow its subject rule
 * (variants of a step that continues the thread carry bodies only). The subject rules are the schema's own
 * (400, here only as a guard); Liquid and the first step are rules the schema cannot state (422).
 */
function checkedSteps(steps: TemplateStepInput[]): TemplateStep[] {
  const shapeErrors: { path: string; message: string }[] = [];
  const ruleErrors: { path: string; message: string }[] = [];
  let firstEmail = true;
  const cleaned = steps.map((step, i): TemplateStep => {
    const subject = step.subject?.trim() ? step.subject : null;
    const threaded = step.type === 'EMAIL' && (step.thread ?? !subject);
    if (step.variants?.length && !VARIANT_STEP_TYPES.includes(step.type))
      shapeErrors.push({ path: `steps[${i}].variants`, message: 'is only allowed on EMAIL and LinkedIn steps' });
    if (step.type !== 'EMAIL' && step.thread !== undefined)
      shapeErrors.push({ path: `steps[${i}].thread`, message: 'is only allowed on EMAIL steps' });
    if (threaded && firstEmail)
      ruleErrors.push({
        path: `steps[${i}].subject`,
        message: 'is required: the first EMAIL step starts the thread the later ones continue',
      });
    if (step.type === 'EMAIL') firstEmail = false;
    // The step's own text, then each variant's: the same rules (a step that continues the thread has no subject).
    const texts = [
      { path: `steps[${i}]`, subject: step.subject, body: step.body },
      ...(step.variants ?? []).map((v, j) => ({
        path: `steps[${i}].variants[${j}]`,
        subject: v.subject,
        body: v.body,
      })),
    ];
    for (const t of texts) {
      const own = t.subject?.trim() ? t.subject : null;
      if (step.type === 'EMAIL' && !threaded && !own)
        shapeErrors.push({ path: `${t.path}.subject`, message: 'is required for an EMAIL step' });
      if (threaded && own)
        shapeErrors.push({
          path: `${t.path}.subject`,
          message: 'is not allowed on a step that continues the thread (thread: true)',
        });
      if (step.type !== 'EMAIL' && t.subject)
        shapeErrors.push({ path: `${t.path}.subject`, message: 'is only allowed on EMAIL steps' });
      for (const field of ['subject', 'body'] as const) {
        const text = t[field];
        if (!text) continue;
        try {
          parseTemplate(text);
        } catch (error) {
          if (!(error instanceof TemplateSyntaxError)) throw error;
          ruleErrors.push({
            path: `${t.path}.${field}`,
            message: `is not a valid Liquid template: ${error.message}`,
          });
        }
      }
    }
    const base: TemplateStep =
      step.type !== 'EMAIL'
        ? { type: step.type, delay_days: step.delay_days, body: step.body }
        : threaded
          ? { type: step.type, delay_days: step.delay_days, thread: true, body: step.body }
          : { type: step.type, delay_days: step.delay_days, subject: subject!, body: step.body };
    return {
      ...base,
      ...storedVariants({ ...base, weight: step.weight, variants: step.variants, ab_test: step.ab_test }),
    };
  });
  if (shapeErrors.length)
    throw DomainError.invalidFields(`Invalid ${shapeErrors.map((e) => e.path).join(', ')}.`, shapeErrors);
  if (ruleErrors.length)
    throw DomainError.invalidFields(`Invalid ${ruleErrors.map((e) => e.path).join(', ')}.`, ruleErrors, 422);
  return cleaned;
}

/** end_hour after start_hour: a rule between two fields the schema cannot state, so 422. */
function checkSchedule(schedule: SendingSchedule | null | undefined): void {
  if (schedule && schedule.end_hour <= schedule.start_hour)
    throw DomainError.invalid('schedule.end_hour', 'must be greater than start_hour', 422);
}

function checkActiveHasSteps(status: TemplateStatus, steps: TemplateStep[]): void {
  if (status === 'ACTIVE' && steps.length === 0)
    throw DomainError.invalid('steps', 'an ACTIVE template needs at least one step', 422);
}

export async function createTemplate(
  em: EntityManager,
  organizationId: string,
  principalUserId: string,
  input: TemplateInput,
  content?: StepEmailSettings,
): Promise<TemplateRecord> {
  const timezone = input.timezone ?? 'UTC';
  checkTimezone(timezone);
  const steps = checkedSteps(input.steps ?? []);
  checkSchedule(input.schedule);
  const status = input.status ?? 'PENDING_SETUP';
  checkActiveHasSteps(status, steps);
  const { sender, pool } = (await templateSenders(em, organizationId, input, null, principalUserId))!;
  const now = new Date();
  const template = em.create(SequenceTemplate, {
    organization: organizationId,
    name: input.name.trim(),
    summary: input.summary ?? null,
    status,
    language: input.language ?? 'en',
    timezone,
    activatedAt: status === 'ACTIVE' ? now : null,
    steps,
    onMissingChannel: input.on_missing_channel ?? 'STOP',
    schedule: input.schedule ?? null,
    windowTimezone: input.window_timezone ?? 'TEMPLATE',
    skipHolidays: input.skip_holidays ?? false,
    holidayCountry: input.holiday_country ?? null,
    senderUser: ref(sender!),
    senderUserIds: pool,
    requiresLeadReview: input.requires_lead_review ?? false,
    openTracking: input.open_tracking ?? true,
    clickTracking: input.click_tracking ?? true,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return checkedRecord(em, organizationId, template, content);
}

async function loadTemplate(em: EntityManager, organizationId: string, id: string): Promise<SequenceTemplate> {
  const found = await em.findOne(SequenceTemplate, { id, organization: organizationId });
  if (!found) throw DomainError.notFound('Sequence template');
  return found;
}

export async function getTemplate(em: EntityManager, organizationId: string, id: string): Promise<TemplateRecord> {
  return toTemplateRecord(await loadTemplate(em, organizationId, id));
}

/**
 * Status effects on running sequences: ARCHIVED ends them STOPPED_EARLY (TEMPLATE_STOPPED) in the
 * same transaction; INACTIVE (or back to PENDING_SETUP) holds them at their next step; ACTIVE or
 * FINISHING again releases held runs. Each such run gets a RUN_CHANGED command in the same
 * transaction; `workflows`, when given, delivers them after the commit (else the outbox drain does).
 */
export async function updateTemplate(
  em: EntityManager,
  organizationId: string,
  id: string,
  patch: TemplatePatch,
  workflows?: WorkflowClients,
  content?: StepEmailSettings,
): Promise<TemplateRecord> {
  if (patch.timezone !== undefined) checkTimezone(patch.timezone);
  const steps = patch.steps !== undefined ? checkedSteps(patch.steps) : undefined;
  checkSchedule(patch.schedule);
  let notify: string[] = [];
  const updated = await em.transactional(async (tx) => {
    const template = await tx.findOne(
      SequenceTemplate,
      { id, organization: organizationId },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!template) throw DomainError.notFound('Sequence template');
    const status = patch.status ?? template.status;
    checkActiveHasSteps(status, steps ?? template.steps);
    const stored = { senderId: template.senderUser?.id ?? null, pool: template.senderUserIds ?? null };
    const senders = await templateSenders(tx, organizationId, patch, stored, stored.senderId ?? '');
    if (senders?.sender) template.senderUser = ref(senders.sender);
    if (senders) template.senderUserIds = senders.pool;
    if (patch.name !== undefined) template.name = patch.name.trim();
    if (patch.summary !== undefined) template.summary = patch.summary;
    if (patch.language !== undefined) template.language = patch.language;
    if (patch.timezone !== undefined) template.timezone = patch.timezone;
    if (steps !== undefined) {
      template.steps = steps;
      // New steps start their A/B tests again.
      template.variantWinners = null;
    }
    if (patch.on_missing_channel !== undefined) template.onMissingChannel = patch.on_missing_channel;
    if (patch.schedule !== undefined) template.schedule = patch.schedule;
    if (patch.window_timezone !== undefined) template.windowTimezone = patch.window_timezone;
    if (patch.skip_holidays !== undefined) template.skipHolidays = patch.skip_holidays;
    if (patch.holiday_country !== undefined) template.holidayCountry = patch.holiday_country;
    if (patch.requires_lead_review !== undefined) template.requiresLeadReview = patch.requires_lead_review;
    if (patch.open_tracking !== undefined) template.openTracking = patch.open_tracking;
    if (patch.click_tracking !== undefined) template.clickTracking = patch.click_tracking;
    const now = new Date();
    if (status === 'ACTIVE' && !template.activatedAt) template.activatedAt = now;
    const before = template.status;
    template.status = status;
    template.updatedAt = now;
    await tx.flush();
    if (status !== before) {
      const running = await runningRunsOfTemplate(tx, organizationId, id);
      if (status === 'ARCHIVED') notify = await endRuns(tx, running, 'STOPPED_EARLY', 'TEMPLATE_STOPPED');
      else if (status === 'ACTIVE' || status === 'FINISHING') {
        // held runs go on
        notify = running;
        await recordRunsChanged(
          tx,
          running.map((runId) => ({ id: runId, organizationId })),
        );
      }
    }
    return template;
  });
  if (workflows) await deliverRunsChanged(em, { workflows }, notify);
  return checkedRecord(em, organizationId, updated, content);
}

export const TEMPLATE_SORT_FIELDS = ['created_at', 'updated_at', 'name'] as const;
export type TemplateSort = (typeof TEMPLATE_SORT_FIELDS)[number];

export interface TemplateFilters {
  name?: string;
  status?: TemplateStatus;
  created_at_before?: string;
  created_at_after?: string;
}

export async function listTemplates(
  em: EntityManager,
  organizationId: string,
  filters: TemplateFilters,
  page: { limit: number; offset: number; sortBy?: TemplateSort; sortOrder: 'asc' | 'desc' },
): Promise<{ items: TemplateRecord[]; total: number }> {
  const where: TemplateWhere = {
    ...(filters.name && { namePattern: `%${escapeLike(filters.name.toLowerCase())}%` }),
    ...(filters.status && { status: filters.status }),
    ...(filters.created_at_before && { createdBefore: new Date(filters.created_at_before) }),
    ...(filters.created_at_after && { createdAfter: new Date(filters.created_at_after) }),
  };
  const rows = await templateIdsPage(em, organizationId, where, {
    limit: page.limit,
    offset: page.offset,
    sortBy: page.sortBy ?? 'created_at',
    sortOrder: page.sortOrder,
  });
  // Past the last page the window count has no row to ride on.
  if (!rows.length) return { items: [], total: await templateCount(em, organizationId, where) };
  const found = await em.find(SequenceTemplate, { id: { $in: rows.map((r) => r.id) }, organization: organizationId });
  const byId = new Map(found.map((t) => [t.id, t]));
  return { items: rows.map((r) => toTemplateRecord(byId.get(r.id)!)), total: Number(rows[0].total) };
}

/** Ids among `ids` that are not templates of the organization (for references such as webhook filters). */
export async function unknownTemplateIds(em: EntityManager, organizationId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const known = new Set(await organizationTemplateIds(em, organizationId, ids));
  return ids.filter((id) => !known.has(id.toLowerCase()));
}
