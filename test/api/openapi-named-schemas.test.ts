// /v1/openapi.json as client generators read it: every JSON request and response body of every
// operation is a $ref to a named schema, the resources, their pages, embeds and request bodies are
// named, every $ref resolves, and openapi-typescript turns the document into
// components["schemas"] types under those names; the bodies that need one identifier among
// several keep every property and refuse `{}` and a misspelt field (checked by compiling).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { client } from '../helpers/http.ts';
import { getStack } from '../helpers/stack.ts';

type Schema = Record<string, unknown>;
type Content = Record<string, { schema?: Schema }>;
type Operation = {
  operationId: string;
  requestBody?: { content: Content };
  responses: Record<string, { content?: Content }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const RESOURCES = [
  'Contact',
  'Account',
  'Sequence',
  'SequenceTemplate',
  'Task',
  'ContactList',
  'ContactEntry',
  'AccountList',
  'AccountEntry',
  'ContactExclusion',
  'AccountExclusion',
  'Webhook',
  'WebhookDelivery',
  'Event',
  'Activity',
  'Message',
  'Signal',
  'SignalImport',
  'Playbook',
  'PlaybookRun',
  'User',
];
const OTHERS = [
  'Error',
  'SignalDetail',
  'SignalPreset',
  'ContactSummary',
  'Owner',
  'SequenceTemplateStep',
  'SequenceTemplateSummary',
  'ContactUpsert',
  'AccountUpsert',
  'SequenceCreate',
  'SequenceTemplateCreate',
  'SequenceTemplateUpdate',
  'TaskCreate',
  'TaskExecute',
  'PlaybookCreate',
  'PlaybookUpdate',
  'SignalCreate',
  'SignalUpdate',
  'WebhookCreate',
  'WebhookUpdate',
  'ContactEnrich',
  'ContactGetAndEnrich',
  'ContactQualify',
  'ContactListBatchCreate',
  'ContactListBatchResult',
  'EventIngest',
  'CrmWrite',
  'SequenceStatus',
  'TaskStatus',
];

/** The JSON bodies of an operation: the request's and each response's, by where they are. */
function jsonBodies(op: Operation): [string, Schema | undefined][] {
  const out: [string, Schema | undefined][] = [];
  const json = (content: Content | undefined) =>
    content ? Object.entries(content).filter(([type]) => type.includes('json')) : [];
  for (const [, media] of json(op.requestBody?.content)) out.push(['request body', media.schema]);
  for (const [status, response] of Object.entries(op.responses))
    for (const [, media] of json(response.content)) out.push([status, media.schema]);
  return out;
}

/** Every `$ref` in `node`. */
function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, out);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refs(value, out);
    }
  }
  return out;
}

/** What a client developer writes against the generated types; each @ts-expect-error must be an error. */
const USAGE = `import type { components } from './schema.ts';
type S = components['schemas'];
export const names: (keyof S)[] = ${JSON.stringify([...RESOURCES, ...OTHERS])};
export const byEmail: S['ContactUpsert'] = { email: 'ada@acme.test', first_name: 'Ada', phone: null };
export const byUrl: S['ContactUpsert'] = { linkedin_url: 'https://www.linkedin.com/in/ada', first_name: 'Ada', company_domain: 'acme.test' };
// @ts-expect-error neither identifier
export const empty: S['ContactUpsert'] = { first_name: 'Ada' };
// @ts-expect-error a misspelt field
export const misspelt: S['ContactUpsert'] = { email: 'ada@acme.test', frist_name: 'Ada' };
export const byName: S['ContactEnrich'] = { first_name: 'Ada', last_name: 'Lovelace', company_domain: 'acme.test' };
// @ts-expect-error a name without its company domain
export const partial: S['ContactEnrich'] = { first_name: 'Ada', last_name: 'Lovelace' };
export const located: S['ContactGetAndEnrich'] = { contact_id: '6f1f6c4e-4a40-4b8e-9d3a-0b1f2b3c4d5e' };
// @ts-expect-error no identifier
export const lost: S['ContactGetAndEnrich'] = {};
export const described: S['ContactQualify'] = { contact: { job_title: 'CTO' }, icp_context: { industries: ['Software'] } };
// @ts-expect-error a misspelt field
export const typo: S['ContactQualify'] = { contact_id: '6f1f6c4e-4a40-4b8e-9d3a-0b1f2b3c4d5e', icp_contxt: {} };
export const owner: S['Contact']['owner'] = null;
export const page: S['ContactPage']['items'][number]['email'] = null;
`;

describe('named schemas of /v1/openapi.json', () => {
  let doc: Doc;

  before(async () => {
    doc = (await client((await getStack()).url).get('/v1/openapi.json')).body as Doc;
  });

  it('when an operation has a JSON request or response body, then its schema is a $ref to a named component', () => {
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [where, schema] of jsonBodies(op)) {
          bodies++;
          assert.deepEqual(
            Object.keys(schema ?? {}),
            ['$ref'],
            `${method.toUpperCase()} ${path} ${where}: ${JSON.stringify(schema).slice(0, 200)}`,
          );
          const name = String(schema?.$ref).replace('#/components/schemas/', '');
          assert.ok(doc.components.schemas[name], `${method.toUpperCase()} ${path} ${where}: ${name} is a component`);
        }
      }
    }
    assert.ok(bodies > 300, `${bodies} bodies`);
  });

  it('when the components are read, then each resource, its page, the embeds and the request bodies are there under their names', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of [...RESOURCES, ...OTHERS]) assert.ok(names.includes(name), name);
    for (const name of RESOURCES) {
      const page = doc.components.schemas[`${name}Page`] as { properties: { items: { items: Schema } } };
      assert.ok(page, `${name}Page`);
      assert.deepEqual(page.properties.items.items, { $ref: `#/components/schemas/${name}` }, `${name}Page`);
    }
    for (const name of names) assert.match(name, /^[A-Z][A-Za-z0-9]*$/);
    const contact = doc.components.schemas.Contact as { properties: Record<string, Schema> };
    assert.deepEqual(contact.properties.owner, { oneOf: [{ $ref: '#/components/schemas/Owner' }, { type: 'null' }] });
  });

  it('when every $ref is followed, then it names a component', () => {
    const all = refs(doc);
    assert.ok(all.length > 500, `${all.length} refs`);
    for (const ref of new Set(all)) {
      const [, kind, name] = /^#\/components\/(schemas|parameters|headers)\/(.+)$/.exec(ref) ?? [];
      assert.ok(kind && (doc.components as Record<string, Record<string, unknown>>)[kind]?.[name], ref);
    }
  });

  it('when openapi-typescript generates the types, then every name is a type and the identifier bodies type exactly', async function () {
    this.timeout(120_000);
    const generated = astToString(await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]));
    const dir = mkdtempSync(join(tmpdir(), 'ows-openapi-ts-'));
    try {
      writeFileSync(join(dir, 'schema.ts'), generated);
      writeFileSync(join(dir, 'usage.ts'), USAGE);
      const program = ts.createProgram([join(dir, 'usage.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        allowImportingTsExtensions: true,
        types: [],
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => {
        const where =
          d.file && d.start !== undefined
            ? `${d.file.fileName.replace(dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1} `
            : '';
        return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
      });
      assert.deepEqual(problems, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
