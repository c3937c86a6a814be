// Guard: text is shortened with truncateText (domain/shared/text.ts), never with a fixed-length
// .slice(0, N) / .substring / .substr / Buffer byte cut, which can split an emoji into a lone surrogate that
// PostgreSQL refuses in jsonb. The few fixed-length cuts of values that are not user text are
// allowlisted below, each with its reason.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['api', 'domain', 'activities', 'workflows', 'providers', 'observability', 'scripts'];
const SKIPPED = ['scripts/bench/']; // benchmark output for the console, never stored

/**
 * A cut to a fixed length: .slice(0, 200), .slice(0, MAX - X.length), any .substring( or .substr(,
 * and the byte cuts of a Buffer (.subarray(0, N), .toString('utf8', 0, N)) that can split a UTF-8 sequence.
 */
const CUT =
  /\.slice\(\s*0\s*,\s*(?:\d|[A-Z][A-Z0-9_]*\b)[^)]*\)|\.substring\(|\.substr\(|\.subarray\(\s*0\s*,|\.toString\(\s*'utf-?8'\s*,/g;

interface Allowed {
  reason: string;
  code: RegExp;
  file?: string;
}

const ALLOWED: Allowed[] = [
  { reason: 'an ISO date (YYYY-MM-DD): ASCII', code: /\.toISOString\(\)\.slice\(0, 10\)/ },
  { reason: 'a hex or base64url digest: ASCII', code: /\.digest\('(?:hex|base64url)'\)\.slice\(0, \d+\)/ },
  { reason: '32 hex digits laid out as a UUID: ASCII', code: /\b(\w+)\.slice\(0, 8\)\}-\$\{\1\.slice\(8, 12\)/ },
  {
    reason: 'the first characters of a UUID, for a unique test name: ASCII',
    code: /randomUUID\(\)\.slice\(0, 8\)/,
    file: 'scripts/record-histories.ts',
  },
  {
    reason: 'the first characters of an entity id (a UUID): ASCII',
    code: /entityId\.slice\(0, 8\)/,
    file: 'providers/signals/sandbox/to-fact.ts',
  },
  {
    reason: 'the shown prefix of a generated API key: ASCII',
    code: /raw\.slice\(0, PREFIX_LENGTH\)/,
    file: 'domain/admin/api-keys.ts',
  },
  {
    reason: 'the shown prefix of a generated whsec_ secret: ASCII',
    code: /secret\.slice\(0, 12\)/,
    file: 'domain/webhooks/secrets.ts',
  },
  {
    reason: 'an array of preview items',
    code: /items\.slice\(0, PREVIEW_LIMIT\)/,
    file: 'domain/signals/preview.service.ts',
  },
  { reason: 'an array of IPv6 groups (numbers)', code: /groups\.slice\(0, 6\)/, file: 'domain/webhooks/url-policy.ts' },
  { reason: 'an array of words', code: /words\.slice\(0, 2\)/, file: 'providers/directory/generator/domains.ts' },
];

function sourceFiles(): string[] {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      const file = `${folder}/${entry.split('\\').join('/')}`;
      if (file.endsWith('.ts') && !file.includes('node_modules/') && !SKIPPED.some((s) => file.startsWith(s)))
        files.push(file);
    }
  }
  return files.sort();
}

describe('no fixed-length cut of text', () => {
  it('when source code cuts a string to a fixed length, then it is an allowlisted non-text value (else use truncateText)', () => {
    const offending: string[] = [];
    const used = new Set<Allowed>();
    for (const file of sourceFiles()) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const match of line.matchAll(CUT)) {
            // The allowlisted expression must be the cut itself, on the same line.
            const allowed = ALLOWED.find(
              (a) =>
                (!a.file || a.file === file) &&
                [...line.matchAll(new RegExp(a.code, 'g'))].some(
                  (m) => m.index <= match.index && match.index < m.index + m[0].length,
                ),
            );
            if (allowed) used.add(allowed);
            else offending.push(`${relative(root, join(root, file))}:${i + 1}: ${line.trim()}`);
          }
        });
    }
    assert.deepEqual(
      offending,
      [],
      `cut with truncateText from domain/shared/text.ts instead:\n${offending.join('\n')}`,
    );
    const stale = ALLOWED.filter((a) => a.file && !used.has(a)).map((a) => `${a.file}: ${a.code}`);
    assert.deepEqual(stale, [], 'allowlist entries that no longer match anything');
  });
});
