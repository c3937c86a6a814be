// Renders step subjects and bodies: Liquid templates (liquidjs) over contact, account, custom,
// per-run and sender variables. Pure: callers load the data; nothing here touches the database.
//
// Rules (also in the README and the OpenAPI document):
// - A missing or null variable renders as an empty string (strictVariables off); authors write
//   `{{ first_name | default: "there" }}` for a fallback. `missingVariables` lists the names a
//   template uses that have no value, so a sequence step can decide what to do before sending.
// - An unknown filter is an error (strictFilters), caught when a template is saved.
// - Output is not HTML-escaped: bodies are plain text, a value renders as written.
// - No file system: the engine reads partials only from an empty in-memory map, so `{% include %}`,
//   `{% render %}` and `{% layout %}` fail instead of reading files.
import { Liquid, LiquidError, type Template } from 'liquidjs';

export const CONTACT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'job_title',
  'company_name',
  'company_domain',
  'linkedin_url',
  'phone',
] as const;
export const ACCOUNT_FIELDS = ['account_name', 'account_domain'] as const;

export type VariableValue = string | null | undefined;
export type TemplateVariables = Record<string, VariableValue>;

export interface RenderInput {
  contact?: Partial<Record<(typeof CONTACT_FIELDS)[number], string | null>>;
  account?: { name?: string | null; domain?: string | null } | null;
  /** The account's custom variables (GET /v1/accounts/{id}/variables). */
  accountVariables?: TemplateVariables;
  /** The contact's own custom variables. */
  contactVariables?: TemplateVariables;
  /** Variables of the sequence run (PATCH /v1/sequences/{id}). */
  runVariables?: TemplateVariables;
  sender?: { name?: string | null; email?: string | null } | null;
}

// One engine for the process: parsed templates are cached (LRU) by their source text.
const engine = new Liquid({
  strictVariables: false,
  strictFilters: true,
  cache: 1000,
  // An in-memory partial map replaces the file system: include/render/layout find nothing.
  templates: {},
  relativeReference: false,
  ownPropertyOnly: true,
  // DoS limits: characters parsed per template (the API stores at most 20,000), milliseconds per
  // render, and objects a render may allocate (loops over huge ranges fail instead of hanging).
  parseLimit: 100_000,
  renderLimit: 1_000,
  memoryLimit: 10_000_000,
});

/** Layers, later winning: built-in fields, account variables, contact variables, run variables. A null in a later layer does not erase an earlier value. */
export function templateVariables(input: RenderInput): Record<string, string> {
  const builtIn: TemplateVariables = {
    ...input.contact,
    account_name: input.account?.name,
    account_domain: input.account?.domain,
    sender_name: input.sender?.name,
    sender_email: input.sender?.email,
  };
  const merged: Record<string, string> = {};
  for (const layer of [builtIn, input.accountVariables, input.contactVariables, input.runVariables]) {
    for (const [key, value] of Object.entries(layer ?? {})) {
      if (value !== null && value !== undefined) merged[key] = value;
    }
  }
  return merged;
}

export class TemplateSyntaxError extends Error {}

/** Parses (and caches) a template; a syntax error or an unknown filter throws TemplateSyntaxError. */
export function parseTemplate(source: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    throw new TemplateSyntaxError(error instanceof Error ? error.message : String(error));
  }
}

/** Renders a template; missing and null variables render as ''. */
export async function renderTemplate(source: string, variables: Record<string, string>): Promise<string> {
  return engine.render(parseTemplate(source), variables);
}

/** An error of the engine (parse or render: a filter's failure, a render limit), as opposed to a bug. */
export function isTemplateError(error: unknown): error is Error {
  return error instanceof TemplateSyntaxError || LiquidError.is(error);
}

/** Top-level variable names the template reads that have no (non-null) value in `variables`. */
export function missingVariables(source: string, variables: Record<string, VariableValue>): string[] {
  const used = engine.globalVariablesSync(parseTemplate(source), { partials: false });
  return [...new Set(used)].filter((name) => variables[name] === undefined || variables[name] === null).sort();
}
