// Schemathesis against our own OpenAPI document: the pinned CLI from PyPI
// (scripts/tools.ts) runs every phase (examples, coverage, fuzzing, stateful) with every check it
// has on (the default: server errors, status codes, content types, response schemas and headers,
// negative data rejected, positive data accepted, missing Authorization 401, ignored auth, methods
// and Allow, use after free, resource availability) against /v1/openapi.json of the shared stack,
// with a bootstrap key of an organization of its own. Per-operation tuning lives in
// test/api/fuzz.schemathesis.toml, each entry with its reason; test/api/fuzz.hooks.py keeps
// Idempotency-Key values unique. docs/testing.md says how to run it alone and replay a failure.
// No operation is excluded: the sandbox-only Test helpers behave under fuzzing too, and what is
// destructive (DELETE contacts, archive signals, pause sequences, rotate webhook secrets) acts on
// the fuzzing organization alone; webhook URLs must be public https names (SSRF policy).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { schemathesisCli } from '../../scripts/tools.ts';
import { newOrg } from '../helpers/fixtures.ts';
import { getStack } from '../helpers/stack.ts';

/** Test cases per operation and phase: ~11 000 requests, 1.5 to 4 minutes on 2 busy cores (docs/testing.md). */
const MAX_EXAMPLES = Number(process.env.FUZZ_MAX_EXAMPLES ?? 25);
/** A fixed seed keeps `npm test` repeatable; FUZZ_SEED=<n> explores elsewhere (or replays a printed one). */
const SEED = process.env.FUZZ_SEED ?? '20261122';
const CONFIG = fileURLToPath(new URL('./fuzz.schemathesis.toml', import.meta.url));
/** Python hooks: a well-formed Idempotency-Key made unique per request (why: in the file). */
const HOOKS = fileURLToPath(new URL('./fuzz.hooks.py', import.meta.url));

interface Failure {
  operation: string;
  kind: string;
  text: string;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_m, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&amp;/g, '&');
}

/** Each failed or errored operation of the JUnit report, with Schemathesis's own text (check, response, curl). */
function junitFailures(xml: string): Failure[] {
  const out: Failure[] = [];
  for (const testcase of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    for (const entry of (testcase[2] ?? '').matchAll(
      /<(failure|error)\b[^>]*?(?:message="([^"]*)")?[^>]*>([\s\S]*?)<\/\1>/g,
    )) {
      // Long generated values (64 KB strings) would drown the message: each line is cut at 400 characters.
      const text = unescapeXml(entry[3])
        .split('\n')
        .map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line))
        .join('\n');
      out.push({
        operation: unescapeXml(testcase[1]),
        kind: `${entry[1]} ${unescapeXml(entry[2] ?? '')}`.trim(),
        text,
      });
    }
  }
  return out;
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  // Asynchronous on purpose: the API under test answers from this very process.
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS: HOOKS },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('fuzzing /v1/openapi.json with Schemathesis', function () {
  this.timeout(15 * 60_000);

  it('finds no failure with every check on', async () => {
    const cli = schemathesisCli();
    const stack = await getStack();
    // An organization of its own: what the fuzzer creates, pauses, archives or deletes stays in it.
    const org = await newOrg(stack, 'Fuzzing');
    const workDir = mkdtempSync(join(tmpdir(), 'ows-fuzz-'));
    try {
      const args = [
        '--no-color',
        '--config-file',
        CONFIG,
        'run',
        `${stack.url}/v1/openapi.json`,
        '--header',
        `Authorization: Bearer ${org.apiKey}`,
        '--checks',
        'all',
        '--max-examples',
        String(MAX_EXAMPLES),
        '--seed',
        SEED,
        // One worker: as fast here (the API is the bottleneck), and Python 3.11's ast module is not
        // thread-safe ("AST constructor recursion depth mismatch" from Hypothesis with 2 workers).
        '--workers',
        '1',
        // POST /v1/sequences may wait ENROLLMENT_WAIT_MS (20 s) for the enrollment check before its 202.
        '--request-timeout',
        '30',
        '--generation-database',
        'none',
        '--report',
        'junit,json',
        '--report-dir',
        workDir,
      ];
      const started = Date.now();
      const { code, output } = await run(cli, args, workDir);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const files = readdirSync(workDir);
      const junit = files.find((f) => f.startsWith('junit'));
      const json = files.find((f) => f.startsWith('json'));
      assert.ok(junit && json, `schemathesis wrote no report (exit ${code}):\n${output.slice(-4000)}`);
      const report = JSON.parse(readFileSync(join(workDir, json), 'utf8')) as {
        operations: { selected: number; tested: number };
        test_cases: { generated: number; unique_failures: number; errored: number };
      };
      console.log(
        `      schemathesis ${report.operations.tested}/${report.operations.selected} operations, ` +
          `${report.test_cases.generated} test cases, ${report.test_cases.unique_failures} failures, ` +
          `${report.test_cases.errored} errors in ${seconds} s (max-examples ${MAX_EXAMPLES}, seed ${SEED})`,
      );
      const failures = junitFailures(readFileSync(join(workDir, junit), 'utf8'));
      const summary = output.slice(output.lastIndexOf('SUMMARY')).slice(0, 3000);
      assert.ok(report.operations.tested > 100, `too few operations tested:\n${summary}`);
      assert.deepEqual(
        failures.map((f) => `${f.operation}: ${f.kind}`),
        [],
        `Schemathesis (seed ${SEED}) found ${failures.length}:\n\n` +
          failures.map((f) => `=== ${f.operation} (${f.kind})\n${f.text}`).join('\n\n') +
          `\n\n${summary}`,
      );
      assert.equal(code, 0, `schemathesis exited ${code}:\n${output.slice(-4000)}`);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
      // The subscriptions the fuzzer made point at made-up public hosts: the suites after this one
      // should not share the worker with their retries. DISABLED is skipped by the delivery worker.
      await stack.orm.em
        .fork()
        .getConnection()
        .execute(`UPDATE webhook_subscriptions SET status = 'DISABLED' WHERE organization_id = ?`, [
          org.organizationId,
        ]);
    }
  });
});
