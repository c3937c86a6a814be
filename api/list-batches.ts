// The batch bodies of the contact- and account-list routes (contact-lists.routes.ts,
// account-lists.routes.ts): each item is checked on its own against its schema, so one bad item
// is a FAILED result and the others go on; more than the batch limit fails the whole request.
import { ENTRY_BATCH_MAX } from '../domain/lists/add-contact-entries.ts';
import * as lists from '../domain/lists/lists.service.ts';
import { ApiIssue, validationIssue } from './errors.ts';
import { storableStrings } from './schemas/storable.ts';
import { bodyValidator, type JsonSchema } from './validation.ts';

export type Batch = { items: unknown[] };

/**
 * Splits a batch body into the items that fit `schema` (with their index) and FAILED results for
 * the others (ValidationIssue naming the field). More than the batch limit is a 422 for the request.
 */
export function checkItems<T>(items: unknown[], schema: JsonSchema) {
  if (items.length > ENTRY_BATCH_MAX) {
    throw validationIssue(
      `items: at most ${ENTRY_BATCH_MAX} per request (got ${items.length}).`,
      [{ path: 'items', message: `must have at most ${ENTRY_BATCH_MAX} items` }],
      422,
    );
  }
  const validate = validatorFor(schema);
  const valid: { index: number; input: T }[] = [];
  const invalid: lists.BatchItem<never>[] = [];
  items.forEach((item, index) => {
    try {
      valid.push({ index, input: validate(item) as T });
    } catch (error) {
      if (!(error instanceof ApiIssue)) throw error;
      const fields = (error.data?.errors as { path: string; message: string }[] | undefined) ?? [];
      const message = fields.length ? fields.map((f) => `${f.path} ${f.message}`).join('; ') : error.message;
      invalid.push(lists.failed(index, { type: 'ValidationIssue', message }));
    }
  });
  return { valid, invalid };
}

const validators = new Map<JsonSchema, (value: unknown) => unknown>();
function validatorFor(schema: JsonSchema) {
  let validate = validators.get(schema);
  // Items are validated one by one, so their strings refuse NUL here as defineRoute does for bodies.
  if (!validate) validators.set(schema, (validate = bodyValidator(storableStrings(schema))));
  return validate;
}
