// Examples of the sequence endpoints: the template "Engineering leaders, Q3" (an email, a LinkedIn
// invitation, a follow-up, a call), Ada's run of it, the first email it sent her and her reply.
import { EXAMPLE_IDS as ID, EXAMPLE_LINK, EXAMPLE_TOKENS } from './ids.ts';

export const TEMPLATE_STEPS = [
  {
    type: 'EMAIL',
    delay_days: 0,
    subject: 'Month-end reporting at {{ company_name | default: "your team" }}',
    body:
      'Hi {{ first_name }},\n\nTeams like yours tell us month-end reporting eats two days of engineering time. ' +
      `Here is how Analytical Engines got them back: ${EXAMPLE_LINK}\n\nWorth a 20-minute call?\n\n{{ sender_name }}`,
    weight: 1,
    variants: [
      {
        subject: 'Two days back every month-end, {{ first_name }}?',
        body: `Hi {{ first_name }},\n\nAnalytical Engines got two days a month back from reporting: ${EXAMPLE_LINK}\n\n20 minutes this week?\n\n{{ sender_name }}`,
        weight: 1,
      },
    ],
    ab_test: { metric: 'REPLY_RATE', min_sends_per_variant: 100, confidence: 0.95 },
  },
  {
    type: 'LINKEDIN_INVITATION',
    delay_days: 2,
    body: 'Hi {{ first_name }}, I wrote to you about reporting at {{ company_name }}; happy to connect here too.',
  },
  {
    type: 'EMAIL',
    delay_days: 4,
    thread: true,
    body: 'Hi {{ first_name }}, a short follow-up: would Thursday suit you for 20 minutes?\n\n{{ sender_name }}',
  },
  {
    type: 'CALL',
    delay_days: 3,
    body: 'Ask {{ first_name }} how {{ company_name }} closes the month today and who owns the reporting pipeline; offer the case study.',
  },
];

const SCHEDULE = { days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], start_hour: 9, end_hour: 17 };

const TEMPLATE_SETTINGS = {
  name: 'Engineering leaders, Q3',
  summary: 'Four touches over nine days for heads of engineering at software companies of 50 to 500 people.',
  status: 'ACTIVE',
  language: 'en',
  timezone: 'Europe/London',
  on_missing_channel: 'SKIP_STEP',
  schedule: SCHEDULE,
  window_timezone: 'PROSPECT',
  skip_holidays: true,
  holiday_country: 'GB',
  sender_user_id: ID.user,
  sender_user_ids: null,
  requires_lead_review: false,
  open_tracking: false,
  click_tracking: true,
};

/** Step 1's A/B test, decided: variant 2 replied more often. */
export const VARIANT_WINNER = {
  variant: 2,
  metric: 'REPLY_RATE',
  decided_at: '2026-03-20T11:04:31.552Z',
  tallies: [
    { variant: 1, delivered: 412, successes: 21, rate: 0.051 },
    { variant: 2, delivered: 405, successes: 47, rate: 0.116 },
  ],
  z: 3.3455,
  p_value: 0.0004106,
  threshold: 0.05,
};

const TEMPLATE = {
  id: ID.sequenceTemplate,
  ...TEMPLATE_SETTINGS,
  step_count: TEMPLATE_STEPS.length,
  activated_at: '2026-03-01T10:02:44.310Z',
  created_at: '2026-03-01T09:55:12.004Z',
  updated_at: '2026-03-01T10:02:44.310Z',
  steps: TEMPLATE_STEPS,
  variant_winners: { '1': VARIANT_WINNER },
};

/** Ada's run, after its first email. */
export const SEQUENCE = {
  id: ID.sequence,
  contact_id: ID.contact,
  account_id: ID.account,
  sequence_template_id: ID.sequenceTemplate,
  status: 'ACTIVE',
  stopped_reason: null,
  paused_until: null,
  current_step: 1,
  variables: { meeting_link: 'https://cal.example.org/grace-hopper/20min' },
  source_contact_entry_id: null,
  created_at: '2026-03-02T09:15:01.220Z',
  updated_at: '2026-03-02T09:15:03.871Z',
  ended_at: null,
  error: null,
  sender_user_id: ID.user,
};

/** The answer of an enrollment: the run, before its first step. */
export const SEQUENCE_ENROLLED = { ...SEQUENCE, current_step: 0, variables: {}, updated_at: SEQUENCE.created_at };
/** The answers of the run's controls. */
export const SEQUENCE_PAUSED = {
  ...SEQUENCE,
  status: 'WAITING_FOR_USER',
  paused_until: '2026-03-17T09:00:00.000Z',
  updated_at: '2026-03-03T11:20:00.412Z',
};
export const SEQUENCE_STOPPED = {
  ...SEQUENCE,
  status: 'SUCCEEDED',
  updated_at: '2026-03-05T15:02:37.118Z',
  ended_at: '2026-03-05T15:02:37.118Z',
};

export const MESSAGE = {
  id: ID.message,
  contact_id: ID.contact,
  sequence_id: ID.sequence,
  channel: 'EMAIL',
  direction: 'OUTBOUND',
  kind: 'MESSAGE',
  subject: 'Month-end reporting at Analytical Engines',
  body:
    'Hi Ada,\n\nTeams like yours tell us month-end reporting eats two days of engineering time. ' +
    `Here is how Analytical Engines got them back: ${EXAMPLE_LINK}\n\nWorth a 20-minute call?\n\nGrace Hopper`,
  step_number: 1,
  sent_at: '2026-03-02T09:15:03.702Z',
  created_at: '2026-03-02T09:15:03.840Z',
  in_reply_to_id: null,
  reply_category: null,
  open_count: 2,
  opened_at: '2026-03-02T10:41:19.005Z',
  click_count: 1,
  clicked_at: '2026-03-02T10:42:02.377Z',
  bounced_at: null,
  accepted_at: null,
  variant: 2,
};

export const REPLY = {
  ...MESSAGE,
  id: ID.reply,
  direction: 'INBOUND',
  variant: null,
  subject: 'Re: Month-end reporting at Analytical Engines',
  body: 'Hi Grace, timely: we lose two days every month-end. Could we talk on Thursday afternoon?',
  sent_at: '2026-03-03T08:02:51.930Z',
  created_at: '2026-03-03T08:02:52.014Z',
  in_reply_to_id: ID.message,
  reply_category: 'INTERESTED',
  open_count: 0,
  opened_at: null,
  click_count: 0,
  clicked_at: null,
};

const TRACKING = 'https://track.northwind.example';
const TRACKED_LINK = `${TRACKING}/t/c/${EXAMPLE_TOKENS.click}?u=${encodeURIComponent(EXAMPLE_LINK)}`;
const FOOTER = `Northwind Traders Ltd\n1 Harbour Street\nLondon E14 5AB`;

/** Step 1 (its own text, variant 1) for Ada, as her run would send it (the template tracks clicks, not opens). */
export const TEMPLATE_PREVIEW = {
  step: 1,
  variant: 1,
  subject: 'Month-end reporting at Analytical Engines',
  text: `${MESSAGE.body.replace(EXAMPLE_LINK, TRACKED_LINK)}\n\n--\n${FOOTER}\nUnsubscribe: ${TRACKING}/u/${EXAMPLE_TOKENS.unsubscribe}`,
  html:
    `<!doctype html><html><body><div>${MESSAGE.body.replace(EXAMPLE_LINK, `<a href="${TRACKED_LINK}">${EXAMPLE_LINK}</a>`).replace(/\n/g, '<br>\n')}</div>\n` +
    `<p style="font-size:12px;color:#666">Northwind Traders Ltd<br>1 Harbour Street<br>London E14 5AB<br><a href="${TRACKING}/u/${EXAMPLE_TOKENS.unsubscribe}">Unsubscribe</a></p></body></html>`,
  warnings: [],
};

/** A follow-up that signs off with a footer of its own and no unsubscribe link. */
export const CONTENT_WARNING = {
  code: 'FOOTER_WITHOUT_UNSUBSCRIBE',
  step: 3,
  variant: null,
  path: 'steps[2].body',
  message:
    'The body ends with a footer of its own (after a "--" line) without {{ unsubscribe_url }}: put the unsubscribe link in it ' +
    '(the service still adds its footer with the link below).',
};

export const sequenceExamples: Record<string, unknown> = {
  ContentWarning: CONTENT_WARNING,
  SequenceTemplatePreviewRequest: { contact_id: ID.contact, step: 1 },
  SequenceTemplatePreview: TEMPLATE_PREVIEW,
  SequenceTemplateStep: TEMPLATE_STEPS[0],
  SequenceTemplateStepInput: TEMPLATE_STEPS[0],
  SequenceTemplateSchedule: SCHEDULE,
  SequenceTemplate: TEMPLATE,
  SequenceTemplateVariantWinner: VARIANT_WINNER,
  SequenceTemplateSummary: { id: ID.sequenceTemplate, name: TEMPLATE_SETTINGS.name },
  SequenceTemplateCreate: { ...TEMPLATE_SETTINGS, steps: TEMPLATE_STEPS },
  SequenceTemplateUpdate: { schedule: { days: ['TUE', 'WED', 'THU'], start_hour: 8, end_hour: 12 } },
  Sequence: SEQUENCE,
  SequenceDetail: { ...SEQUENCE, next_send_at: '2026-03-03T09:04:31.000Z' },
  SequenceCreate: { contact_id: ID.contact, sequence_template_id: ID.sequenceTemplate },
  EnrollmentPending: {
    enrollment_run_id: ID.enrollmentRun,
    contact_id: ID.contact,
    sequence_template_id: ID.sequenceTemplate,
  },
  SequencePause: { paused_until: SEQUENCE_PAUSED.paused_until },
  SequenceStop: { reason: 'WIN', scope: 'CONTACT' },
  SequenceVariablesUpdate: { variables: { meeting_link: 'https://cal.example.org/grace-hopper/20min' } },
  ContactUnenroll: { contact_ids: [ID.contact], sequence_template_id: ID.sequenceTemplate },
  ContactUnenrollItem: {
    contact_id: ID.contact,
    status: 'UNENROLLED',
    stopped_sequence_ids: [ID.sequence],
    exclusion_id: ID.contactExclusion,
  },
  ContactUnenrollResult: {
    items: [
      {
        contact_id: ID.contact,
        status: 'UNENROLLED',
        stopped_sequence_ids: [ID.sequence],
        exclusion_id: ID.contactExclusion,
      },
    ],
  },
  Message: MESSAGE,
};
