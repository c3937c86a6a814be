// `npm test`: installs the Temporal binaries, Schemathesis, openapi-python-client, GreenMail and Helm when missing,
// then generates the clients, typecheck, lint (ESLint, and Prettier's check) and every mocha suite (unit, time-skipping workflows,
// API against the real stack) in one run. Ends with the line `N passed, N failed` that CI reads;
// the generation, typecheck, ESLint and Prettier count as one check each.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Mocha from 'mocha';
import {
  greenmailJar,
  helmCli,
  openapiPythonClientCli,
  projectRoot,
  schemathesisCli,
  temporalCli,
  temporalTestServer,
} from './tools.ts';

const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;

function check(name: string, command: string, args: string[]): void {
  console.log(`\n[test] ${name}: ${relative(projectRoot, command)} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: 'inherit' });
  if (result.status === 0) {
    passed++;
    console.log(`[test] ${name}: ok`);
  } else {
    failed++;
    console.log(`[test] ${name}: FAILED`);
  }
}

function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...testFiles(path));
    else if (entry.endsWith('.test.ts')) out.push(path);
  }
  return out.sort();
}

temporalCli();
temporalTestServer();
schemathesisCli();
openapiPythonClientCli();
greenmailJar();
helmCli();

// The clients' generated code is not tracked: generated from the committed openapi.json before the
// typecheck (which compiles clients/typescript) and the client tests read it.
check('clients', process.execPath, [join(projectRoot, 'scripts', 'generate-clients.ts')]);
check('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('lint', bin('eslint'), ['.']);
// The lint step's second half: the tree is as Prettier writes it (`npm run format` rewrites it).
check('format', bin('prettier'), ['--check', '.']);

const only = process.argv.slice(2);
const suites = only.length ? only : ['unit', 'workflows', 'api'];
const { mochaHooks } = await import('../test/helpers/hooks.ts');
const mocha = new Mocha({ timeout: 60_000, reporter: 'spec', rootHooks: mochaHooks });
for (const suite of suites) for (const file of testFiles(join(projectRoot, 'test', suite))) mocha.addFile(file);
await mocha.loadFilesAsync();
const stats = await new Promise<{ passes: number; failures: number; pending: number }>((done) => {
  const runner = mocha.run(() =>
    done({
      passes: runner.stats?.passes ?? 0,
      failures: runner.stats?.failures ?? 0,
      pending: runner.stats?.pending ?? 0,
    }),
  );
});
passed += stats.passes;
failed += stats.failures;
console.log(`\n${passed} passed, ${failed} failed${stats.pending ? `, ${stats.pending} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
