// Request validation with Ajv: the JSON schemas of each route are the single source of both
// validation and the OpenAPI document. Schemas compile once, at route registration.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { validationIssue, type FieldError } from './errors.ts';
import { PATTERN_MESSAGES } from './schemas/identifiers.schemas.ts';
import type { JsonSchema } from './json-schema.ts';

// Route declarations and schema modules take the type from here with the validators.
export type { JsonSchema } from './json-schema.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function createAjv(coerceTypes: false | 'array'): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    // Errors carry their schema: a `oneOf` that several branches pass names those branches' fields.
    verbose: true,
    // OpenAPI keywords that Ajv does not evaluate.
    keywords: ['example'],
  });
  addFormats(ajv);
  return ajv;
}

// Bodies are JSON and must have the declared types exactly. Query strings are text, so their
// values are coerced to the declared type (and a repeated parameter to an array).
const bodyAjv = createAjv(false);
const queryAjv = createAjv('array');

/**
 * A field path one segment deeper, as data.errors names fields: `variables.k`, `steps[0].body`
 * (an all-digit segment is an array index, `[n]`). The empty path is the root.
 */
export function childPath(parent: string, segment: string): string {
  if (segment === '') return parent;
  if (/^\d+$/.test(segment)) return `${parent}[${segment}]`;
  return parent ? `${parent}.${segment}` : segment;
}

function pathOf(error: ErrorObject): string {
  const base = error.instancePath.split('/').reduce(childPath, '');
  const params = error.params as { missingProperty?: string; additionalProperty?: string; propertyName?: string };
  const child = params.missingProperty ?? params.additionalProperty ?? params.propertyName;
  if (child) return base ? `${base}.${child}` : child;
  return base || '(root)';
}

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'false schema':
      return 'is not a field here (it belongs to another type)';
    case 'pattern':
      return (
        PATTERN_MESSAGES[(error.params as { pattern: string }).pattern] ??
        ((error.params as { propertyName?: string }).propertyName
          ? `is not a valid key (pattern ${(error.params as { pattern: string }).pattern})`
          : `must match pattern ${(error.params as { pattern: string }).pattern}`)
      );
    case 'enum': {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
      // A long list (the IANA time zones) is the document's to show, not every error's.
      return allowed.length > 20
        ? `is not one of the ${allowed.length} accepted values (the OpenAPI document lists them)`
        : `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
    }
    default:
      return error.message ?? 'is invalid';
  }
}

/**
 * For a `oneOf` more than one branch passed (or was met but for errors of the value's own fields):
 * the fields those branches require, each named.
 */
function oneOfConflicts(error: ErrorObject, met: number[] | undefined): FieldError[] {
  const passing =
    (error.params as { passingSchemas?: number[] | null }).passingSchemas ?? (met && met.length > 1 ? met : null);
  const branches = (error.parentSchema as { oneOf?: { required?: string[] }[] } | undefined)?.oneOf;
  if (!passing || !branches) return [];
  const names = passing.flatMap((i) => branches[i]?.required ?? []);
  const base = pathOf({ ...error, params: {} });
  return names.map((name) => ({
    path: base === '(root)' ? name : `${base}.${name}`,
    message: `cannot be sent together with ${names.filter((n) => n !== name).join(', ')}`,
  }));
}

const keyOf = (error: ErrorObject) => `${pathOf(error)}|${messageOf(error)}`;

/** Whether `path` (a JSON pointer) is `parent` or below it. */
const within = (path: string, parent: string) => path === parent || path.startsWith(`${parent}/`);

/** An anyOf that failed, or a oneOf that no branch passed: every branch said what it lacks. */
function noBranchPassed(error: ErrorObject): boolean {
  return (
    error.keyword === 'anyOf' ||
    (error.keyword === 'oneOf' && !(error.params as { passingSchemas?: number[] | null }).passingSchemas)
  );
}

/**
 * Alternatives written as complete shapes (each branch has every property and requires its own
 * identifiers): an error that every branch reports is the value's own (a malformed or unknown
 * field). When some branch reports nothing else, the value met that alternative and only those
 * shared errors are kept; otherwise each branch's errors stay, naming what every alternative lacks.
 * `met` gives, per alternative, the branches met.
 */
function withoutMetAlternatives(errors: ErrorObject[]): { kept: ErrorObject[]; met: Map<ErrorObject, number[]> } {
  const dropped = new Set<ErrorObject>();
  const met = new Map<ErrorObject, number[]>();
  for (const error of errors) {
    if (!noBranchPassed(error)) continue;
    const prefix = `${error.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const inner of errors) {
      if (!inner.schemaPath.startsWith(prefix) || !within(inner.instancePath, error.instancePath)) continue;
      const branch = inner.schemaPath.slice(prefix.length).split('/')[0];
      branches.set(branch, [...(branches.get(branch) ?? []), inner]);
    }
    const keys = [...branches.values()].map((list) => new Set(list.map(keyOf)));
    const shared = (inner: ErrorObject) => keys.every((set) => set.has(keyOf(inner)));
    const metBranches = [...branches.entries()]
      .filter(([, list]) => list.every(shared))
      .map(([branch]) => Number(branch));
    if (metBranches.length === 0) continue;
    met.set(error, metBranches);
    for (const list of branches.values()) for (const inner of list) if (!shared(inner)) dropped.add(inner);
  }
  return { kept: dropped.size === 0 ? errors : errors.filter((error) => !dropped.has(error)), met };
}

export function fieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  const { kept, met } = withoutMetAlternatives(errors ?? []);
  for (const error of kept) {
    // `if/then` and `anyOf` wrappers repeat what their branches already said.
    if (error.keyword === 'oneOf') {
      // Failing branches said their piece; several passing branches (exactly-one rules) are named here.
      for (const item of oneOfConflicts(error, met.get(error))) {
        const key = `${item.path}|${item.message}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push(item);
        }
      }
      continue;
    }
    if (error.keyword === 'if' || error.keyword === 'anyOf') continue;
    // The null branch of a nullable (`oneOf: [schema, {type: 'null'}]`) fails for every value sent
    // instead of null: the other branch says what is wrong with it.
    if (error.keyword === 'type' && error.schema === 'null' && error.schemaPath.includes('/oneOf/')) continue;
    // propertyNames reports the name's own failure (e.g. pattern) with propertyName set: keep that one.
    if (error.keyword === 'propertyNames') continue;
    const item = { path: pathOf(error), message: messageOf(error) };
    const key = `${item.path}|${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(item);
    }
  }
  return out;
}

export type Validator<T> = (value: unknown) => T;

function compile<T>(ajv: Ajv, schema: JsonSchema, where: string): Validator<T> {
  const check: ValidateFunction = ajv.compile(schema);
  return (value: unknown): T => {
    if (check(value)) return value as T;
    const errors = fieldErrors(check.errors);
    const summary = errors.map((e) => `${e.path} ${e.message}`).join('; ');
    throw validationIssue(`Invalid ${where}: ${summary}`, errors);
  };
}

export function bodyValidator<T>(schema: JsonSchema): Validator<T> {
  return compile<T>(bodyAjv, schema, 'request body');
}

export function queryValidator<T>(schema: JsonSchema): Validator<T> {
  return compile<T>(queryAjv, schema, 'query');
}

export function paramsValidator<T>(schema: JsonSchema): Validator<T> {
  return compile<T>(queryAjv, schema, 'path');
}
