// `variant` of a message: which variant of its step it was sent in (docs/api/sequence-templates.md, Variants).
import type { JsonSchema } from '../validation.ts';

/** `variant` of a message (its record and the `message.*` events' embed). */
export const messageVariantSchema: JsonSchema = {
  type: ['integer', 'null'],
  minimum: 1,
  description:
    "Added field. A step message of a step with variants: the variant sent (1 is the step's own text); null for other messages (replies, answers, steps with one text).",
};
