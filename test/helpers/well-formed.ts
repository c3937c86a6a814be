// Shared setup of the well-formed text suites (test/api/well-formed-text.test.ts,
// test/api/well-formed-requests.test.ts): an organization, a sender of bodies exactly as given
// (bytes, escapes and all), row counts of the organization's tables, and the check of a refusal in
// the error shape naming its field.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { apiSuiteFixture } from './fixtures.ts';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: {
    type?: string;
    message?: string;
    status_code?: number;
    request_id?: string;
    data?: { errors?: { path: string; message: string }[] } | null;
  } & Record<string, unknown>;
}

type Table = 'contacts' | 'sequence_templates' | 'playbooks' | 'crm_links' | 'ingested_events';

/** The message of a lone surrogate refused. */
export const LONE = /not well-formed Unicode/;

export function assertRefused(answer: Answer, path: string, message: RegExp, status = 400): void {
  assert.equal(answer.status, status, answer.text);
  assert.equal(answer.body.type, 'ValidationIssue', answer.text);
  assert.equal(answer.body.status_code, status);
  assert.equal(typeof answer.body.request_id, 'string');
  const errors = answer.body.data?.errors ?? [];
  assert.ok(
    errors.some((e) => e.path === path && message.test(e.message)),
    `expected ${path} ${message}: ${answer.text}`,
  );
}

export function wellFormedFixture() {
  const fx = apiSuiteFixture();

  /** Sends the body exactly as given (text is sent as its UTF-8 bytes, escapes stay escapes). */
  async function send(
    method: string,
    path: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const response = await fetch(`${fx.stack.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${fx.org.apiKey}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body,
    });
    const text = await response.text();
    let parsed: Answer['body'] = {};
    try {
      parsed = JSON.parse(text) as Answer['body'];
    } catch {
      /* asserted by the caller */
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  const db = () => fx.stack.orm.em.fork().getKysely();
  const count = async (table: Table) =>
    Number(
      (
        await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE organization_id = ${fx.org.organizationId}`.execute(db())
      ).rows[0].n,
    );

  return Object.assign(fx, { send, db, count });
}
