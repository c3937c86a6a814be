// The queries of a step's A/B decision (ab-decision.ts): its variants' counters, and the verdict
// written once on the template (a jsonb key per step number; the raw `?` and `||` operators the
// builder cannot type).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import type { VariantWinner } from '../../db/entities/sequence-template.entity.ts';

/** The step's counters per variant, over every day: sent, bounced, replied, replied_positive. */
export function stepVariantCounters(em: EntityManager, organizationId: string, templateId: string, stepNumber: number) {
  return typedKysely(em)
    .selectFrom('sequence_stats_daily')
    .where('organization_id', '=', organizationId)
    .where('sequence_template_id', '=', templateId)
    .where('step_number', '=', stepNumber)
    .where('variant', '>', 0)
    .select([
      'variant',
      sql<number>`sum("sent")::int`.as('sent'),
      sql<number>`sum("bounced")::int`.as('bounced'),
      sql<number>`sum("replied")::int`.as('replied'),
      sql<number>`sum("replied_positive")::int`.as('replied_positive'),
    ])
    .groupBy('variant')
    .execute();
}

/** The verdict already written for the step, if any. */
export async function stepWinner(
  em: EntityManager,
  templateId: string,
  stepNumber: number,
): Promise<VariantWinner | null> {
  const row = await typedKysely(em)
    .selectFrom('sequence_templates')
    .select(sql<VariantWinner | null>`"variant_winners" -> ${String(stepNumber)}`.as('winner'))
    .where('id', '=', templateId)
    .executeTakeFirst();
  return row?.winner ?? null;
}

/** Writes the step's verdict unless one is there already; true when this call wrote it. */
export async function writeStepWinner(
  tx: EntityManager,
  templateId: string,
  stepNumber: number,
  winner: VariantWinner,
): Promise<boolean> {
  const key = String(stepNumber);
  const { rows } = await sql<{ id: string }>`update "sequence_templates"
      set "variant_winners" = coalesce("variant_winners", '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(winner)}::jsonb)
      where "id" = ${templateId} and not coalesce("variant_winners", '{}'::jsonb) ? ${key}
      returning "id"`.execute(typedKysely(tx));
  return rows.length === 1;
}
