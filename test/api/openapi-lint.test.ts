// /v1/openapi.json as a linter reads it: Redocly's CLI with the committed redocly.yaml (the
// recommended rules, operation descriptions, webhooks' answers) finds no error and no warning in
// the live document; the same lint on a copy missing a description or a success answer does.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { client } from '../helpers/http.ts';
import { getStack } from '../helpers/stack.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

type Problem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };
type Doc = {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
};

describe('lint of /v1/openapi.json (Redocly, redocly.yaml)', function () {
  this.timeout(120_000);
  let doc: Doc;
  let dir: string;
  let live: Problem[];

  before(async () => {
    const response = await client((await getStack()).url).get('/v1/openapi.json');
    assert.equal(response.status, 200);
    doc = response.body as Doc;
    dir = mkdtempSync(join(tmpdir(), 'ows-openapi-lint-'));
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The problems `redocly lint` reports in `document` with the repository's configuration. */
  async function lint(document: unknown, name: string): Promise<Problem[]> {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(document));
    const args = [CLI, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'];
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    // The CLI exits 1 when it finds errors; its report is on stdout either way.
    const { stdout } = await run(process.execPath, args, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    return (JSON.parse(stdout) as { problems: Problem[] }).problems;
  }

  const where = (p: Problem) => `${p.ruleId} ${p.location.map((l) => l.pointer).join(', ')}`;
  const summary = (problems: Problem[]) =>
    problems
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location.map((l) => l.pointer).join(', ')}: ${p.message}`)
      .join('\n');

  it('when the live document is linted, then no rule reports an error or a warning', async () => {
    live = await lint(doc, 'live');
    assert.equal(live.length, 0, `${live.length} problems:\n${summary(live)}`);
  });

  it('when an operation loses its description, a tag its description, or the click redirect its 302, then the lint reports each', async () => {
    const broken = structuredClone(doc);
    delete broken.paths['/v1/contacts/{contact_id}'].get.description;
    delete broken.tags.find((tag) => tag.name === 'Contacts')!.description;
    delete broken.paths['/t/c/{token}'].get.responses['302'];
    const known = new Set((live ?? (await lint(doc, 'live'))).map(where));
    const rules = (await lint(broken, 'broken'))
      .map(where)
      .filter((problem) => !known.has(problem))
      .sort();
    assert.deepEqual(
      rules,
      [
        'operation-description #/paths/~1v1~1contacts~1{contact_id}/get/description',
        'rule/operation-success-response #/paths/~1t~1c~1{token}/get/responses',
        `tag-description #/tags/${doc.tags.findIndex((tag) => tag.name === 'Contacts')}/description`,
      ].sort(),
    );
  });
});
