// The data-access house style (docs/architecture.md, "Data access"): inside domain/, SQL is built
// only in a feature's *.queries.ts files. A use-case file calls their named functions; it never
// calls typedKysely(...) or statement(...), nor writes raw SQL with the `sql` tag.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every feature folder of domain/ follows the rule. */
const FEATURES = readdirSync(join(root, 'domain'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

/** What builds SQL: the typed builder's entry, a compiled statement, and the raw `sql` tag (sql`...`, sql<T>`...`, sql.raw/join/ref/...). */
const QUERY_BUILDING: { name: string; pattern: RegExp }[] = [
  { name: 'typedKysely(', pattern: /\btypedKysely\s*\(/ },
  { name: 'statement(', pattern: /(?<![.\w])statement\s*(?:<[^>]*>)?\s*\(/ },
  { name: 'the sql tag', pattern: /(?<![.\w])sql\s*(?:`|<[^>]*>\s*`|\.\w+\s*\()/ },
  { name: "sql imported from 'kysely'", pattern: /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*['"]kysely['"]/ },
];

/** The source without its comments (so prose about a statement( is not code). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The names of the query-building forms `source` uses. */
function buildsQueries(source: string): string[] {
  const text = code(source);
  return QUERY_BUILDING.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}

function featureFiles(feature: string): string[] {
  return readdirSync(join(root, 'domain', feature), { recursive: true, encoding: 'utf8' })
    .map((entry) => `domain/${feature}/${entry.split('\\').join('/')}`)
    .filter((file) => file.endsWith('.ts'));
}

describe('data-access lint: SQL only in *.queries.ts', () => {
  it('when a use-case file builds a query in any of the four forms, then the check names it', () => {
    assert.deepEqual(buildsQueries("const rows = await typedKysely(em).selectFrom('contacts').execute();"), [
      'typedKysely(',
    ]);
    assert.deepEqual(
      buildsQueries("const one = statement((db, id: string) => db.selectFrom('contacts').where('id', '=', id));"),
      ['statement('],
    );
    assert.deepEqual(buildsQueries('await sql`DELETE FROM contacts`.execute(em.getKysely());'), ['the sql tag']);
    assert.deepEqual(buildsQueries('const n = sql<number>`count(*)`;'), ['the sql tag']);
    assert.deepEqual(buildsQueries('const list = sql.join(values);'), ['the sql tag']);
    assert.deepEqual(buildsQueries("import { sql, type Kysely } from 'kysely';"), ["sql imported from 'kysely'"]);
  });

  it('when a file only mentions these words in comments, names or strings, then the check stays silent', () => {
    const clean = [
      '// one statement( per row; typedKysely( in the queries file; sql`x` is raw SQL',
      '/** the sql tag, statement(), typedKysely() */',
      "import { listRows } from './people.queries.ts';",
      'const statementCount = 2; const mysql = 1; const text = describeStatement(mysql);',
      "const message = 'the statement failed';",
    ].join('\n');
    assert.deepEqual(buildsQueries(clean), []);
  });

  it('when domain/ is read, then the check covers its feature folders, each holding TypeScript files', () => {
    assert.ok(FEATURES.length >= 18, `only ${FEATURES.length} feature folders found under domain/`);
    for (const feature of FEATURES) assert.ok(featureFiles(feature).length > 0, `domain/${feature} has no .ts files`);
  });

  for (const feature of FEATURES) {
    it(`when domain/${feature} is read, then only its *.queries.ts files build SQL`, () => {
      const offenders = featureFiles(feature)
        .filter((file) => !file.endsWith('.queries.ts'))
        .flatMap((file) => buildsQueries(readFileSync(join(root, file), 'utf8')).map((form) => `${file}: ${form}`));
      assert.deepEqual(
        offenders,
        [],
        'move these queries into a *.queries.ts beside the use case (docs/architecture.md, "Data access")',
      );
    });
  }
});
