// Examples of the service routes, search and the sandbox test helpers: what Ada does with the first
// email (opens it, clicks its link, replies, books a meeting).
import { EXAMPLE_IDS as ID, EXAMPLE_LINK } from './ids.ts';
import { ADA, CONTACT } from './people.examples.ts';
import { MESSAGE, REPLY, SEQUENCE } from './sequences.examples.ts';

const MEETING_INPUT = {
  title: 'Northwind and Analytical Engines: reporting',
  start_time: '2026-03-05T14:00:00.000Z',
  end_time: '2026-03-05T14:30:00.000Z',
  timezone: 'Europe/London',
};
const LEAD = {
  id: `lead:${ID.contact}`,
  type: 'lead',
  title: 'Ada Lovelace',
  subtitle: `${ADA.job_title} at ${ADA.company_name} · ${ADA.email}`,
};

const MEETING = {
  id: ID.meeting,
  contact_id: ID.contact,
  sequence_id: ID.sequence,
  ...MEETING_INPUT,
  created_at: '2026-03-05T11:00:00.000Z',
};

/** The answers of the other engagement helpers: a click, a bounce, an accepted LinkedIn invitation. */
export const CLICKED = { message: { ...MESSAGE, click_count: 2 }, sequence: SEQUENCE };
export const BOUNCED = {
  message: { ...MESSAGE, bounced_at: '2026-03-02T09:15:09.300Z' },
  sequence: {
    ...SEQUENCE,
    status: 'FAILED',
    stopped_reason: 'BOUNCED',
    updated_at: '2026-03-02T09:15:09.300Z',
    ended_at: '2026-03-02T09:15:09.300Z',
  },
};
export const INVITATION_ACCEPTED = {
  message: {
    ...MESSAGE,
    id: ID.invitation,
    channel: 'LINKEDIN',
    kind: 'INVITATION',
    subject: null,
    step_number: 2,
    body: 'Hi Ada, I wrote to you about reporting at Analytical Engines; happy to connect here too.',
    sent_at: '2026-03-04T09:00:04.118Z',
    created_at: '2026-03-04T09:00:04.200Z',
    open_count: 0,
    opened_at: null,
    click_count: 0,
    clicked_at: null,
    accepted_at: '2026-03-04T18:31:55.020Z',
  },
  sequence: { ...SEQUENCE, current_step: 2 },
};

/** The unsubscribe page an email's link opens. */
export const UNSUBSCRIBE_PAGE =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>Unsubscribe</title></head>\n' +
  '<body><h1>Unsubscribe</h1><p>Stop receiving these emails?</p>\n<form method="post" action="/u/…">…<button type="submit">Unsubscribe</button></form></body></html>\n';
export const UNSUBSCRIBED_PAGE =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>Unsubscribe</title></head>\n' +
  '<body><h1>Unsubscribed</h1><p>You will not receive these emails any more.</p></body></html>\n';
export const METRICS_TEXT =
  '# HELP http_requests_total HTTP requests answered, by method, route and status.\n# TYPE http_requests_total counter\n' +
  'http_requests_total{service="api",method="GET",route="/v1/contacts",status="200"} 1027\n';

export const serviceExamples: Record<string, unknown> = {
  Health: { status: 'ok', checks: { database: 'ok', temporal: 'ok' } },
  OpenApiDocument: { openapi: '3.1.0', info: { title: 'Outreach Workspace Service', version: '1.0.0' }, paths: {} },
  Error: {
    status_code: 404,
    type: 'NotFoundIssue',
    message: 'Contact not found.',
    data: null,
    request_id: '0b3c9e52-7a1d-4f60-9d1e-5c2f8a6b4e31',
  },
  SearchItem: LEAD,
  SearchResult: { items: [LEAD] },
  FetchResult: {
    id: LEAD.id,
    type: 'lead',
    title: LEAD.title,
    text: `Name: Ada Lovelace\nEmail: ${ADA.email}\nJob title: ${ADA.job_title}\nCompany: ${ADA.company_name}\nOwner: Grace Hopper <grace@example.org>`,
    data: CONTACT,
  },
  TestHelperClick: { url: EXAMPLE_LINK },
  TestHelperResult: { message: { ...MESSAGE, open_count: 3 }, sequence: SEQUENCE },
  TestHelperReply: { body: REPLY.body },
  TestHelperReplyResult: {
    message: REPLY,
    sequence: {
      ...SEQUENCE,
      status: 'SUCCEEDED',
      stopped_reason: 'INTERESTED',
      ended_at: REPLY.sent_at,
      updated_at: REPLY.sent_at,
    },
    reply_category: 'INTERESTED',
    task_id: null,
  },
  TestHelperMeeting: MEETING_INPUT,
  Meeting: MEETING,
  TestHelperMeetingResult: { meeting: MEETING, stopped_sequence_ids: [ID.sequence] },
};
