// Guard: one thing per file. Every hand-written source file (product, scripts and tests) stays
// under 400 lines as Prettier lays it out; a file that grows past it is split by responsibility.
// Generated code (the clients' schema and models) and installed or recorded trees are not read.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MAX_LINES = 400;
const SOURCE = /\.(?:ts|mts|js|mjs|cjs)$/;
/** Folders never read: installed tools and packages, local data, and generated code. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.tools', '.data', '.bench', '.git', 'dist', 'python']);
const SKIPPED_FILES = new Set(['clients/typescript/src/schema.ts']);

function sourceFiles(folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) files.push(...sourceFiles(path));
    } else if (SOURCE.test(entry.name) && !SKIPPED_FILES.has(path)) files.push(path);
  }
  return files;
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('file length: one thing per file', () => {
  it('when a text is counted, then its lines are counted as an editor shows them', () => {
    assert.equal(lineCount('a\nb\n'), 2);
    assert.equal(lineCount('a\nb'), 2);
    assert.equal(lineCount(''), 0);
  });

  it(`when the source tree is read, then every hand-written file has fewer than ${MAX_LINES} lines`, () => {
    const files = sourceFiles();
    assert.ok(files.length > 500, `only ${files.length} source files found`);
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(join(root, file), 'utf8')) }))
      .filter((f) => f.lines >= MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    assert.deepEqual(long, [], 'split these by responsibility (docs/architecture.md)');
  });
});
