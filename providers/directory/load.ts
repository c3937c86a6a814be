// Loads the generated sandbox directory into its tables, once per seed version and size: a start
// that finds the same data recorded in directory_meta returns after one small query.
import type { MikroORM } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { setImmediate } from 'node:timers/promises';
import { generateCompanies } from './generator/companies.ts';
import { generatePeople } from './generator/people.ts';
import { DIRECTORY_SEED_VERSION } from './generator/seed.ts';
import type { DirectoryCompany, DirectoryPersonRecord } from './index.ts';

export interface DirectoryLoadOptions {
  /** Generated companies and people; the fixed records come on top. */
  companies: number;
  people: number;
  log?: (line: string) => void;
}

export interface DirectoryLoadResult {
  /** False when the same data was already there (nothing written). */
  loaded: boolean;
  durationMs: number;
}

// Any constant works; it only has to be the same in every process that loads the directory.
const LOAD_LOCK_KEY = 720_611_220_300;
// Rows per INSERT: big enough to amortise round trips, small enough to keep each statement a few MB.
const BATCH_ROWS = 5000;

type Em = ReturnType<MikroORM['em']['fork']>;
type Column = readonly [name: string, type: string];

const COMPANY_COLUMNS: Column[] = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['domain', 'text'],
  ['industry', 'text'],
  ['size_band', 'text'],
  ['employee_count', 'int'],
  ['country_code', 'text'],
  ['company_type', 'text'],
  ['technologies', 'text[]'],
];
const DOMAIN_COLUMNS: Column[] = [
  ['domain', 'text'],
  ['company_id', 'uuid'],
  ['is_primary', 'boolean'],
];
const PERSON_COLUMNS: Column[] = [
  ['id', 'uuid'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['email', 'text'],
  ['linkedin_url', 'text'],
  ['job_title', 'text'],
  ['seniority', 'text'],
  ['phone', 'text'],
  ['country_code', 'text'],
  ['company_id', 'uuid'],
  ['job_history', 'jsonb'],
];
const META_COLUMNS: Column[] = [
  ['key', 'text'],
  ['value', 'text'],
];

function expectedMeta(options: DirectoryLoadOptions): Record<string, string> {
  return { seed_version: DIRECTORY_SEED_VERSION, companies: String(options.companies), people: String(options.people) };
}

async function isLoaded(em: Em, expected: Record<string, string>): Promise<boolean> {
  const rows = await typedKysely(em).selectFrom('directory_meta').select(['key', 'value']).execute();
  const meta = new Map(rows.map((row) => [row.key, row.value]));
  return Object.entries(expected).every(([key, value]) => meta.get(key) === value);
}

/**
 * One multi-row INSERT from a JSON array: the rows travel as one JSON text that PostgreSQL unpacks
 * itself (MikroORM's `execute` would expand a JS array parameter into a value list).
 */
async function insertRows(em: Em, table: string, columns: Column[], rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => `"${name}"`).join(', ');
  const types = columns.map(([name, type]) => `"${name}" ${type}`).join(', ');
  await em.execute(
    `insert into "${table}" (${names}) select ${names} from json_to_recordset(${dollarQuoted(JSON.stringify(rows))}::json) as r(${types})`,
    [],
    'run',
  );
}

/**
 * The text as a dollar-quoted literal. MikroORM inlines parameters itself, escaping them one
 * character at a time (seconds for the 125 MB of a full load); dollar quoting needs no escaping.
 */
function dollarQuoted(text: string): string {
  let tag = '$rows$';
  for (let n = 1; text.includes(tag); n++) tag = `$rows${n}$`;
  return `${tag}${text}${tag}`;
}

function companyRow(c: DirectoryCompany): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    domain: c.domain,
    industry: c.industry,
    size_band: c.sizeBand,
    employee_count: c.employeeCount,
    country_code: c.countryCode,
    company_type: c.companyType,
    technologies: c.technologies,
  };
}

function personRow(p: DirectoryPersonRecord): Record<string, unknown> {
  return {
    id: p.id,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    linkedin_url: p.linkedinUrl,
    job_title: p.jobTitle,
    seniority: p.seniority,
    phone: p.phone,
    country_code: p.countryCode,
    company_id: p.companyId,
    job_history: p.jobHistory,
  };
}

/**
 * The table's secondary indexes and unique constraints, as statements that drop and re-create
 * them as they are now: building them once after a bulk insert is about twice as fast as keeping
 * them up to date row by row, and reading the definitions keeps this in step with the migrations.
 */
async function secondaryIndexes(em: Em, table: string): Promise<{ drop: string; create: string }[]> {
  // SQL: the system catalogs, which no entity describes.
  const rows = await em.execute<
    { index_name: string; index_def: string; constraint_name: string | null; constraint_def: string | null }[]
  >(
    `select i.relname as index_name, pg_get_indexdef(i.oid) as index_def, c.conname as constraint_name, pg_get_constraintdef(c.oid) as constraint_def
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('u', 'x')
     where x.indrelid = ?::regclass and not x.indisprimary
     order by i.relname`,
    [table],
  );
  return rows.map((row) =>
    row.constraint_name && row.constraint_def
      ? {
          drop: `alter table "${table}" drop constraint "${row.constraint_name}"`,
          create: `alter table "${table}" add constraint "${row.constraint_name}" ${row.constraint_def}`,
        }
      : { drop: `drop index "${row.index_name}"`, create: row.index_def },
  );
}

/**
 * Inserts the rows in batches. The next batch is generated while PostgreSQL stores the previous
 * one (two cores: roughly a third off a full load).
 */
async function insertAll<T>(
  em: Em,
  table: string,
  columns: Column[],
  rows: Iterable<T>,
  toRow: (item: T) => Record<string, unknown>,
): Promise<void> {
  const indexes = await secondaryIndexes(em, table);
  // SQL: DDL (the secondary indexes are dropped during the load and rebuilt after it).
  for (const index of indexes) await em.execute(index.drop, [], 'run');
  let batch: Record<string, unknown>[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  const send = async () => {
    await inFlight;
    inFlight = insertRows(em, table, columns, batch);
    inFlight.catch(() => {}); // awaited before the next batch; this only keeps it from counting as unhandled meanwhile
    batch = [];
    await setImmediate(); // lets the statement reach the socket before generation takes the CPU again
  };
  for (const item of rows) {
    batch.push(toRow(item));
    if (batch.length === BATCH_ROWS) await send();
  }
  await send();
  await inFlight;
  for (const index of indexes) await em.execute(index.create, [], 'run');
}

async function load(em: Em, options: DirectoryLoadOptions): Promise<void> {
  // Every table the load owns, listed: with CASCADE a future foreign key from workspace data
  // would silently wipe that data; without it such a key makes the load fail loudly instead.
  // SQL: TRUNCATE, which neither the builder nor the ORM issues.
  await em.execute(
    'truncate table "directory_people", "directory_company_domains", "directory_companies", "directory_meta"',
    [],
    'run',
  );
  const companies = generateCompanies(options.companies);
  await insertAll(em, 'directory_companies', COMPANY_COLUMNS, companies, companyRow);
  const domains = companies.flatMap((c) => [
    { domain: c.domain, company_id: c.id, is_primary: true },
    ...c.aliasDomains.map((domain) => ({ domain, company_id: c.id, is_primary: false })),
  ]);
  await insertAll(em, 'directory_company_domains', DOMAIN_COLUMNS, domains, (row) => row);
  await insertAll(em, 'directory_people', PERSON_COLUMNS, generatePeople(companies, options.people), personRow);
  const meta = { ...expectedMeta(options), loaded_at: new Date().toISOString() };
  await insertRows(
    em,
    'directory_meta',
    META_COLUMNS,
    Object.entries(meta).map(([key, value]) => ({ key, value })),
  );
}

/**
 * Makes the directory tables hold the sandbox data of this seed version and size. Safe to call
 * from every process at start: callers queue on an advisory lock and re-check, so only the first
 * one loads, in one transaction (lookups meanwhile wait for it, then see the new data).
 */
export async function ensureDirectoryLoaded(
  orm: MikroORM,
  options: DirectoryLoadOptions,
): Promise<DirectoryLoadResult> {
  const started = performance.now();
  const expected = expectedMeta(options);
  if (await isLoaded(orm.em.fork(), expected)) return { loaded: false, durationMs: performance.now() - started };

  const loaded = await orm.em.fork().transactional(async (em) => {
    // SQL: an advisory lock.
    await em.execute('select pg_advisory_xact_lock(?)', [LOAD_LOCK_KEY]);
    if (await isLoaded(em, expected)) return false;
    options.log?.(
      `loading the sandbox directory (${options.companies} companies, ${options.people} people, ${DIRECTORY_SEED_VERSION})...`,
    );
    await load(em, options);
    return true;
  });
  // Fresh statistics, so the first lookups already plan on the indexes (SQL: ANALYZE).
  if (loaded)
    await orm.em
      .fork()
      .execute('analyze "directory_companies", "directory_company_domains", "directory_people"', [], 'run');
  return { loaded, durationMs: performance.now() - started };
}
