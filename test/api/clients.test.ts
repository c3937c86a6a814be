// The clients in clients/, as a client developer meets them: both are generated from the committed
// openapi.json (test/api/openapi-document.test.ts proves it is what the stack serves) with every
// named schema a type or model, the TypeScript one compiles under its own tsconfig and refuses a
// misspelt body field, the Python body models refuse a misspelt keyword, and each language's
// quickstart example runs against the stack (create a contact with first_name, list, enroll,
// subscribe a webhook) and its webhook verifier accepts the delivery this test's receiver got, and
// refuses it once tampered with; each language's stats example reads both stats routes on a known
// history and prints its numbers. (The TypeScript verifier's rotation and tolerance cases are unit
// tests; the Python one's are here, where its interpreter is.) The generated code is not tracked:
// the TypeScript types are written where `npm run clients` writes them (the client's tsconfig
// compiles them there), the Python project into a temporary folder.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { PYTHON_CLIENT, TYPESCRIPT_CLIENT } from '../../scripts/clients/paths.ts';
import { generatePython, PYTHON_LEFT_OUT } from '../../scripts/clients/python.ts';
import { writeTypescriptSchema } from '../../scripts/clients/typescript.ts';
import { committedDocument, type OpenApiDocument } from '../../scripts/openapi/committed.ts';
import { projectRoot, venvPython } from '../../scripts/tools.ts';
import { generateWebhookSecret } from '../../domain/webhooks/secrets.ts';
import { signatureHeaders } from '../../domain/webhooks/send.ts';
import { diagnostics, lastJsonLine, run } from '../helpers/clients.ts';
import { newOrg, type TestOrg } from '../helpers/fixtures.ts';
import { getStack, type Stack } from '../helpers/stack.ts';
import { startReceiver, type Received, type Receiver } from '../helpers/webhook-receiver.ts';
import { smallStatsHistory } from './stats/fixtures.ts';

interface QuickstartResult {
  contact_id: string;
  first_name: string;
  listed: number;
  found: boolean;
  template_id: string;
  enrollment_status: number;
  webhook_id: string;
  webhook_secret: string;
}

/** Named schemas the examples and docs/clients.md use, as openapi-python-client names their modules. */
const PYTHON_MODELS = {
  ContactUpsertByEmail: 'contact_upsert_by_email',
  SequenceCreate: 'sequence_create',
  WebhookCreate: 'webhook_create',
};

/** What the stats examples print for smallStatsHistory(): rates are shares of delivered (sent minus bounced). */
const EXPECTED_STATS = {
  template: { sent: 4, replies: 1, reply_rate: 0.3333 },
  steps: [
    {
      step: 1,
      sent: 3,
      replies: 1,
      reply_rate: 0.5,
      variants: [
        { variant: 1, sent: 1, unique_opens: 0, replies: 1, positive_replies: 1, reply_rate: 1 },
        { variant: 2, sent: 2, unique_opens: 1, replies: 0, positive_replies: 0, reply_rate: 0 },
      ],
    },
    { step: 2, sent: 1, replies: 0, reply_rate: 0, variants: [] },
  ],
  sender: { sent: 4, bounced: 1, bounce_rate: 0.25, reply_rate: 0.3333, templates: 1 },
};

describe('clients generated from openapi.json', function () {
  this.timeout(180_000);
  let stack: Stack;
  let doc: OpenApiDocument;
  let work: string;
  let receiver: Receiver;
  const pythonProject = () => join(work, 'python', 'outreach-workspace-client');

  before(async () => {
    stack = await getStack();
    doc = committedDocument();
    work = mkdtempSync(join(tmpdir(), 'ows-clients-'));
    receiver = await startReceiver(200);
  });

  after(async () => {
    await receiver?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  /** The quickstart's delivery of sequence.created for its contact, and what the verifier example says of it and of a tampered copy. */
  async function verifyDelivery(
    result: QuickstartResult,
    verifier: (delivery: string) => Promise<{ code: number; stdout: string; stderr: string }>,
  ) {
    const delivery: Received = await receiver.waitFor(
      (body) => body.type === 'sequence.created' && body.contact_id === result.contact_id,
      30_000,
    );
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]),
    );
    const verified = lastJsonLine<{ verified: boolean; webhook_id: string; event: Record<string, unknown> }>(
      await verifier(JSON.stringify({ headers, body: delivery.body })),
    );
    assert.equal(verified.verified, true);
    assert.equal(verified.webhook_id, headers['webhook-id']);
    assert.deepEqual(
      [verified.event.type, verified.event.contact_id, verified.event.sequence_template_id],
      ['sequence.created', result.contact_id, result.template_id],
    );
    const tampered = await verifier(
      JSON.stringify({
        headers,
        body: delivery.body.replace(result.contact_id, '00000000-0000-4000-8000-000000000000'),
      }),
    );
    assert.equal(tampered.code, 1, tampered.stdout + tampered.stderr);
    assert.deepEqual(JSON.parse(tampered.stdout), { verified: false, error: 'no signature matches' });
  }

  /** Every POST of the quickstart (webhook, contact, template, enrollment) carried an Idempotency-Key, stored per organization. */
  async function assertIdempotencyKeys(organizationId: string) {
    const { rows } = await sql<{
      path: string;
    }>`SELECT path FROM idempotency_keys WHERE organization_id = ${organizationId} ORDER BY created_at`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.deepEqual(
      rows.map((r) => r.path),
      ['/v1/webhooks', '/v1/contacts', '/v1/sequence-templates', '/v1/sequences'],
    );
  }

  /** A new organization with smallStatsHistory(), and the environment of the stats examples reading it (from 2026-03-01 on). */
  async function statsEnv(name: string): Promise<Record<string, string>> {
    const org: TestOrg = await newOrg(stack, name);
    const templateId = await smallStatsHistory(stack, org);
    return {
      OWS_BASE_URL: stack.url,
      OWS_API_KEY: org.apiKey,
      OWS_TEMPLATE_ID: templateId,
      OWS_USER_ID: org.userId,
      OWS_FROM: '2026-03-01',
    };
  }

  function assertQuickstart(result: QuickstartResult, firstName: string) {
    assert.equal(result.first_name, firstName);
    assert.equal(result.found, true, 'the new contact is among the listed ones');
    assert.ok(result.listed >= 1);
    // 202 when verifying the address outlasts the enrollment wait (a loaded machine): the sequence.created delivery proves it either way.
    assert.ok([201, 202].includes(result.enrollment_status), String(result.enrollment_status));
    assert.match(result.webhook_secret, /^whsec_/);
  }

  describe('TypeScript (clients/typescript)', () => {
    let schemaFile: string;
    before(async () => {
      schemaFile = await writeTypescriptSchema(doc);
    });

    it('when the types are generated from openapi.json, then every named schema is a type of components["schemas"]', () => {
      const generated = readFileSync(schemaFile, 'utf8');
      // The members of `components { schemas: { ... } }`, which `responses:` follows.
      const start = generated.indexOf('\n    schemas: {');
      const schemas = generated.slice(start, generated.indexOf('\n    responses: ', start));
      const names = Object.keys((doc.components as { schemas: Record<string, unknown> }).schemas);
      assert.ok(start > 0 && names.length > 100, String(names.length));
      assert.deepEqual(
        names.filter((name) => !schemas.includes(`\n        ${name}: `)),
        [],
      );
    });

    it('when the client and its examples are compiled with its tsconfig, then they type-check, and each body the examples mark as refused is a type error', async () => {
      // examples/misspelt.ts again, its @ts-expect-error lines blanked: each must then be an error on the line below.
      const misspelt = readFileSync(join(TYPESCRIPT_CLIENT, 'examples', 'misspelt.ts'), 'utf8').split('\n');
      const expected = misspelt.flatMap((line, index) =>
        line.trim().startsWith('// @ts-expect-error') ? [index + 2] : [],
      );
      assert.ok(expected.length >= 3, 'misspelt.ts marks its refused bodies');
      const unchecked = join(work, 'misspelt-unchecked.ts');
      writeFileSync(
        unchecked,
        misspelt
          .map((line) => (line.trim().startsWith('// @ts-expect-error') ? '' : line))
          .join('\n')
          .replace("'../src/index.ts'", JSON.stringify(join(TYPESCRIPT_CLIENT, 'src', 'index.ts'))),
      );
      const examples = ['quickstart.ts', 'verify-delivery.ts', 'stats.ts', 'misspelt.ts'].map((name) =>
        join(TYPESCRIPT_CLIENT, 'examples', name),
      );
      writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }));
      writeFileSync(
        join(work, 'tsconfig.json'),
        JSON.stringify({
          extends: join(TYPESCRIPT_CLIENT, 'tsconfig.json'),
          compilerOptions: {
            noEmit: true,
            allowImportingTsExtensions: true,
            rewriteRelativeImportExtensions: false,
            rootDir: '/',
            typeRoots: [join(projectRoot, 'node_modules', '@types')],
          },
          files: [join(TYPESCRIPT_CLIENT, 'src', 'index.ts'), ...examples, unchecked],
        }),
      );
      const tsc = await run(process.execPath, [
        join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        join(work, 'tsconfig.json'),
      ]);
      const found = diagnostics(tsc.stdout);
      assert.deepEqual(
        found.filter((d) => !d.file.endsWith('misspelt-unchecked.ts')),
        [],
        tsc.stdout,
      );
      assert.deepEqual([...new Set(found.map((d) => d.line))], expected, tsc.stdout);
      assert.ok(
        found.some((d) => d.message.includes("'frist_name' does not exist")),
        tsc.stdout,
      );
    });

    it('when the quickstart runs against the stack, then it creates, lists and enrolls with an Idempotency-Key on every POST, and verifyWebhook accepts its delivery and refuses a tampered one', async () => {
      const org = await newOrg(stack, 'Clients TypeScript');
      const env = { OWS_BASE_URL: stack.url, OWS_API_KEY: org.apiKey, OWS_WEBHOOK_URL: receiver.url };
      const result = lastJsonLine<QuickstartResult>(
        await run(process.execPath, [join(TYPESCRIPT_CLIENT, 'examples', 'quickstart.ts')], { env }),
      );
      assertQuickstart(result, 'Ada');
      await assertIdempotencyKeys(org.organizationId);
      await verifyDelivery(result, (input) =>
        run(process.execPath, [join(TYPESCRIPT_CLIENT, 'examples', 'verify-delivery.ts')], {
          env: { OWS_WEBHOOK_SECRET: result.webhook_secret },
          input,
        }),
      );
    });

    it("when the stats example reads a template's and a sender's results, then it prints each step's, each variant's and the mailbox's numbers", async () => {
      const env = await statsEnv('Clients TypeScript stats');
      const ran = await run(process.execPath, [join(TYPESCRIPT_CLIENT, 'examples', 'stats.ts')], { env });
      assert.deepEqual(lastJsonLine(ran), EXPECTED_STATS);
    });
  });

  describe('Python (clients/python)', () => {
    let python: string;
    let warnings: string[];
    // The examples run on the client generated here, from the committed document.
    const pythonEnv = () => ({
      PYTHONPATH: [pythonProject(), PYTHON_CLIENT].join(delimiter),
      PYTHONDONTWRITEBYTECODE: '1',
    });

    before(async () => {
      python = venvPython();
      ({ warnings } = await generatePython(doc, pythonProject()));
    });

    it('when the client is generated from openapi.json, then only the tracking pixel is left out, and the named schemas are models', () => {
      assert.deepEqual(warnings, PYTHON_LEFT_OUT);
      const models = join(pythonProject(), 'outreach_workspace_client', 'models');
      assert.deepEqual(
        Object.entries(PYTHON_MODELS)
          .filter(([, module]) => !existsSync(join(models, `${module}.py`)))
          .map(([name]) => name),
        [],
      );
    });

    it('when a body model is given a misspelt keyword, then it raises TypeError; spelt right, it serialises', async () => {
      const probe = [
        'import json',
        'from outreach_workspace_client.models import ContactUpsertByEmail',
        "print(json.dumps(ContactUpsertByEmail(email='ada@example.com', first_name='Ada').to_dict()))",
        'try:',
        "    ContactUpsertByEmail(email='ada@example.com', frist_name='Ada')",
        'except TypeError as error:',
        "    print(json.dumps({'refused': str(error)}))",
      ].join('\n');
      const ran = await run(python, ['-c', probe], { env: pythonEnv() });
      assert.equal(ran.code, 0, ran.stderr);
      const [body, refused] = ran.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, string>);
      assert.deepEqual(body, { email: 'ada@example.com', first_name: 'Ada' });
      assert.match(refused?.refused ?? '', /unexpected keyword argument 'frist_name'/);
    });

    it('when verify_webhook checks what the service signs, then either secret of a rotation verifies; another secret, body or an old timestamp do not', async () => {
      const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
      const at = new Date('2026-03-01T12:00:00Z');
      const body = JSON.stringify({ type: 'sequence.created', note: 'é ✓' });
      const headers = signatureHeaders([current, previous], 'msg_1', at, body);
      const now = at.getTime() / 1000;
      const cases = [
        { secrets: current, body, now },
        { secrets: [generateWebhookSecret(), previous], body, now },
        { secrets: generateWebhookSecret(), body, now },
        { secrets: current, body: body.replace('é', 'e'), now },
        { secrets: current, body, now: now + 301 },
      ].map((c) => ({ ...c, headers }));
      const script = [
        'import json, sys',
        'from webhook_signature import WebhookVerificationError, verify_webhook',
        'out = []',
        'for case in json.load(sys.stdin):',
        '    try:',
        "        out.append(verify_webhook(case['secrets'], case['body'], case['headers'], now=case['now']))",
        '    except WebhookVerificationError as error:',
        '        out.append(str(error))',
        'print(json.dumps(out))',
      ].join('\n');
      const verdicts = lastJsonLine<unknown[]>(
        await run(python, ['-c', script], { env: pythonEnv(), input: JSON.stringify(cases) }),
      );
      assert.deepEqual(verdicts, [
        JSON.parse(body),
        JSON.parse(body),
        'no signature matches',
        'no signature matches',
        'webhook-timestamp is outside the tolerance',
      ]);
    });

    it('when the quickstart runs against the stack, then it creates, lists and enrolls with an Idempotency-Key on every POST, and verify_webhook accepts its delivery and refuses a tampered one', async () => {
      const org = await newOrg(stack, 'Clients Python');
      const env = { ...pythonEnv(), OWS_BASE_URL: stack.url, OWS_API_KEY: org.apiKey, OWS_WEBHOOK_URL: receiver.url };
      const result = lastJsonLine<QuickstartResult>(
        await run(python, [join(PYTHON_CLIENT, 'examples', 'quickstart.py')], { env }),
      );
      assertQuickstart(result, 'Grace');
      await assertIdempotencyKeys(org.organizationId);
      await verifyDelivery(result, (input) =>
        run(python, [join(PYTHON_CLIENT, 'examples', 'verify_delivery.py')], {
          env: { ...pythonEnv(), OWS_WEBHOOK_SECRET: result.webhook_secret },
          input,
        }),
      );
    });

    it("when the stats example reads a template's and a sender's results, then it prints each step's, each variant's and the mailbox's numbers", async () => {
      const env = { ...pythonEnv(), ...(await statsEnv('Clients Python stats')) };
      const ran = await run(python, [join(PYTHON_CLIENT, 'examples', 'stats.py')], { env });
      assert.deepEqual(lastJsonLine(ran), EXPECTED_STATS);
    });
  });
});
