// The text corpus over /v1/openapi.json: every free-text string field of every JSON request body gets
// emoji across its limits, lone surrogates, NUL, marks, 10,000 characters and a non-UTF-8 byte.
import assert from 'node:assert/strict';
import type { TestOrg } from '../helpers/fixtures.ts';
import type { Stack } from '../helpers/stack.ts';
import {
  MAP_KEY,
  getAt,
  send,
  setAt,
  show,
  variantsFor,
  type Answer,
  type StringField,
  type Variant,
} from '../helpers/text-corpus.ts';
import { type OperationSpec, type Prepared, SKIPPED, textCorpusFixture } from '../helpers/text-corpus-operations.ts';

describe('text corpus over the OpenAPI document', function () {
  this.timeout(600_000);
  const fx = textCorpusFixture();
  const { stripItem, SPECS, documentOperations } = fx;
  let stack: Stack;
  let org: TestOrg;
  before(() => ({ stack, org } = fx));

  it('when the document is walked, then every operation whose JSON body has a free-text field is in the corpus or listed as skipped', () => {
    const operations = documentOperations();
    const missing = [...operations]
      .map(([op, fields]) => [op, fields.filter((f) => f.free)] as const)
      .filter(([op, free]) => free.length > 0 && !SPECS[op] && !SKIPPED[op])
      .map(([op, free]) => `${op} (${free.map((f) => f.path).join(', ')})`);
    const stale = Object.keys({ ...SPECS, ...SKIPPED }).filter((op) => !operations.has(op));
    assert.equal(
      missing.length,
      0,
      `operations with free-text fields neither in the corpus nor skipped:\n${missing.join('\n')}`,
    );
    assert.equal(stale.length, 0, `corpus entries naming no operation of the document:\n${stale.join('\n')}`);
  });

  // Free-text fields get the whole corpus; the other string fields of the same bodies (ids, dates,
  // enums, identifiers) get the values that are not well-formed text.
  it('when every free-text field gets every variant, then no answer is 5xx and each value is stored exactly or refused naming the field', async () => {
    const operations = documentOperations();
    let counter = 0;
    const tag = () => `c${++counter}`;
    const failures: string[] = [];
    let requests = 0;
    let caseCount = 0;

    interface Case {
      field: string;
      readPath: string;
      variant: Variant;
      closed?: number;
    }

    function namesField(answer: Answer, c: Case, batch: boolean): boolean {
      if (batch) {
        const item = getAt(answer.body, 'items[0]') as { status?: string; error?: { message?: string } } | undefined;
        if (item?.status === 'FAILED')
          return (item.error?.message ?? '').split('; ').some((part) => part.startsWith(`${stripItem(c.field)} `));
      }
      const data = getAt(answer.body, 'data') as { errors?: { path: string }[]; field?: string } | undefined;
      const paths = (data?.errors ?? []).map((e) => e.path);
      // A body that is not UTF-8 may be refused as a whole, before any field is parsed.
      return (
        paths.includes(c.field) ||
        data?.field === c.field ||
        (c.variant.expect === 'badbytes' && paths.includes('(body)'))
      );
    }

    /** One request carrying every case of `group`; a verdict per case (retry: worth sending alone to pinpoint). */
    async function attempt(
      op: string,
      spec: OperationSpec,
      group: Case[],
    ): Promise<Map<Case, { ok: boolean; why?: string; retry?: boolean }>> {
      const [method] = op.split(' ');
      const verdicts = new Map<Case, { ok: boolean; why?: string; retry?: boolean }>();
      let prepared: Prepared;
      try {
        prepared = await spec.prepare(group.map((c) => c.field));
      } catch (error) {
        for (const c of group)
          verdicts.set(c, { ok: false, why: `base request could not be prepared: ${(error as Error).message}` });
        return verdicts;
      }
      const body = structuredClone(prepared.body);
      for (const c of group) setAt(body, c.field, c.variant.value);
      const answer = await send(stack.url, org.apiKey, method, prepared.path, body);
      requests++;
      const excerpt = `${answer.error ?? answer.status} ${show(answer.text, 300)}`;
      const item = spec.batch
        ? (getAt(answer.body, 'items[0]') as { status?: string; error?: { type?: string } } | undefined)
        : undefined;
      const failedItem = answer.status >= 200 && answer.status < 300 && item?.status === 'FAILED';
      if (failedItem && item?.error?.type === 'InternalIssue') {
        for (const c of group)
          verdicts.set(c, { ok: false, retry: true, why: `the item failed with an internal error: ${excerpt}` });
        return verdicts;
      }
      const business = answer.status === 422 || (failedItem && item?.error?.type === 'BusinessIssue');
      const refused = answer.status === 400 || answer.status === 422 || failedItem;
      for (const c of group) {
        // A closed set's documented refusal of a value it does not know (never for text that is not well-formed).
        const closedRefusal =
          c.closed !== undefined &&
          answer.status === c.closed &&
          c.variant.expect !== 'badbytes' &&
          c.variant.value.isWellFormed();
        if (closedRefusal) verdicts.set(c, { ok: true });
      }
      if (refused) {
        for (const c of group) {
          if (verdicts.has(c)) continue;
          const named = namesField(answer, c, !!spec.batch);
          if (c.variant.expect === 'valid') {
            verdicts.set(
              c,
              named && (business || c.closed !== undefined)
                ? { ok: true }
                : { ok: false, retry: true, why: `refused a valid value: ${excerpt}` },
            );
          } else {
            verdicts.set(
              c,
              named ? { ok: true } : { ok: false, retry: true, why: `refused without naming ${c.field}: ${excerpt}` },
            );
          }
        }
        return verdicts;
      }
      if (verdicts.size === group.length) return verdicts;
      if (answer.status < 200 || answer.status >= 300) {
        for (const c of group) if (!verdicts.has(c)) verdicts.set(c, { ok: false, retry: true, why: excerpt });
        return verdicts;
      }
      let stored: unknown;
      let readError = '';
      if (prepared.read) {
        try {
          stored = await prepared.read(answer);
        } catch (error) {
          readError = (error as Error).message;
        }
        requests++;
      }
      for (const c of group) {
        const value = getAt(stored, c.readPath);
        const what = readError ? `the read-back failed: ${show(readError, 300)}` : `stored ${show(value)}`;
        if (c.variant.expect === 'invalid' || c.variant.expect === 'badbytes') {
          verdicts.set(c, {
            ok: false,
            why: `accepted (${answer.status}); ${prepared.read ? what : 'nothing to read back'}`,
          });
        } else if (!prepared.read || (!readError && value === c.variant.value)) {
          verdicts.set(c, { ok: true });
        } else {
          verdicts.set(c, { ok: false, why: `${answer.status} but ${what} instead of ${show(c.variant.value)}` });
        }
      }
      return verdicts;
    }

    async function runOperation(op: string, spec: OperationSpec, fields: StringField[]): Promise<void> {
      const groups = new Map<string, Case[]>();
      const chunks = new Map<string, number>();
      for (const field of fields) {
        const path = field.path.replace(
          new RegExp(`([A-Za-z_]+)\\.${MAP_KEY}`, 'g'),
          (_m, parent: string) => `${parent}.${spec.mapKeys?.[parent] ?? 'k'}`,
        );
        const closed = spec.closed?.[path];
        for (const variant of variantsFor({ ...field, path }, tag, spec.cuts?.[path] ?? [])) {
          caseCount++;
          const c: Case = { field: path, readPath: spec.readPath?.(path) ?? path, variant, closed };
          // Cases share a request when they expect the same outcome and need the same base.
          const key = [variant.kind, variant.expect, closed, spec.apart?.(path) ?? ''].join('|');
          let chunk = chunks.get(key) ?? 0;
          // Bodies stay well under the 64 KB limit: a long value starts another request.
          const size = (groups.get(`${key}|${chunk}`) ?? []).reduce((n, g) => n + g.variant.value.length, 0);
          // At most 15 fields a request: the service names a bounded number of fields per answer.
          const count = (groups.get(`${key}|${chunk}`) ?? []).length;
          if ((size > 0 && size + variant.value.length > 30_000) || count >= 15) chunks.set(key, ++chunk);
          groups.set(`${key}|${chunk}`, [...(groups.get(`${key}|${chunk}`) ?? []), c]);
        }
      }
      for (const group of groups.values()) {
        const verdicts = await attempt(op, spec, group);
        for (const [c, verdict] of verdicts) {
          let final = verdict;
          if (!verdict.ok && verdict.retry && group.length > 1) final = (await attempt(op, spec, [c])).get(c)!;
          if (!final.ok) failures.push(`${op} ${c.field} [${c.variant.kind}]: ${final.why}`);
        }
      }
    }

    const started0 = Date.now();
    const queue = Object.entries(SPECS).map(([op, spec]) => ({
      op,
      spec,
      fields: [...(operations.get(op) ?? []), ...(spec.extraFields ?? [])],
    }));
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await runOperation(next.op, next.spec, next.fields);
      }),
    );
    console.log(
      `      text corpus: ${caseCount} cases over ${Object.keys(SPECS).length} operations, ${requests} requests, ${failures.length} failing, ${((Date.now() - started0) / 1000).toFixed(1)} s`,
    );
    failures.sort();
    assert.equal(failures.length, 0, `${failures.length} of ${caseCount} text cases failed:\n${failures.join('\n')}`);
  });
});
