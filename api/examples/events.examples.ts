// Examples of first-party events, playbooks and the activity stream: Ada views the pricing page, a
// playbook asks Grace to approve enrolling her; the stream records her reply.
import { EXAMPLE_IDS as ID } from './ids.ts';
import { ADA } from './people.examples.ts';
import { REPLY } from './sequences.examples.ts';

const EVENT_INPUT = {
  event_name: 'pricing_page_viewed',
  occurred_at: '2026-03-04T14:12:09Z',
  external_event_id: 'web-7f3a9c',
  subject: { email: ADA.email },
  payload: { page: '/pricing', plan: 'Team', visits_this_week: 3 },
};
const IDEMPOTENCY_KEY = `first-party:${ID.organization}:web-7f3a9c`;

const EVENT = {
  id: ID.event,
  idempotency_key: IDEMPOTENCY_KEY,
  ...EVENT_INPUT,
  occurred_at: '2026-03-04T14:12:09.000Z',
  resolution_status: 'RESOLVED',
  contact_id: ID.contact,
  account_id: ID.account,
  received_at: '2026-03-04T14:12:09.388Z',
  resolved_at: '2026-03-04T14:12:10.051Z',
};

const ENROLL = { type: 'ENROLL_IN_SEQUENCE', sequence_template_id: ID.sequenceTemplate };
const PLAYBOOK = {
  id: ID.playbook,
  name: 'Pricing page visit: enroll',
  event_name: 'pricing_page_viewed',
  action: ENROLL,
  requires_approval: true,
  status: 'ACTIVE',
  owner_user_id: ID.user,
  created_at: '2026-02-25T10:00:00.000Z',
  updated_at: '2026-02-25T10:00:00.000Z',
};
const CREATE_TASK = {
  type: 'CREATE_TASK',
  title: 'Call about the pricing page visit',
  priority: 'HOT',
  due_in_days: 0,
};
/** The answer of the update example. */
export const PLAYBOOK_UPDATED = {
  ...PLAYBOOK,
  action: CREATE_TASK,
  requires_approval: false,
  updated_at: '2026-03-06T09:00:00.000Z',
};

const RUN = {
  id: ID.playbookRun,
  playbook_id: ID.playbook,
  event_id: ID.event,
  contact_id: ID.contact,
  status: 'AWAITING_APPROVAL',
  action: ENROLL,
  approval_task_id: ID.task,
  outcome: null,
  sequence_id: null,
  created_task_id: null,
  error: null,
  decided_at: null,
  completed_at: null,
  created_at: '2026-03-04T14:12:10.090Z',
  updated_at: '2026-03-04T14:12:10.090Z',
};

const CONTACT_PAYLOAD = {
  id: ID.contact,
  email: ADA.email,
  firstName: ADA.first_name,
  lastName: ADA.last_name,
  jobTitle: ADA.job_title,
  companyName: ADA.company_name,
  companyDomain: ADA.company_domain,
  linkedinUrl: ADA.linkedin_url,
};
const ACTIVITY = {
  id: ID.activity,
  created_at: '2026-03-03T08:02:52.060Z',
  payload: {
    type: 'message.replied',
    activityId: ID.activity,
    organizationId: ID.organization,
    createdAt: '2026-03-03T08:02:52.060Z',
    contactId: ID.contact,
    contact: CONTACT_PAYLOAD,
    sequenceId: ID.sequence,
    sequenceTemplateId: ID.sequenceTemplate,
    sequenceTemplate: { id: ID.sequenceTemplate, name: 'Engineering leaders, Q3' },
    resourceType: 'MESSAGE',
    channel: 'EMAIL',
    messageId: ID.reply,
    stepNumber: 1,
    taskId: null,
    hotLeadId: null,
    calendarEventId: null,
    replyCategory: REPLY.reply_category,
    inReplyToMessageId: ID.message,
    message: {
      id: ID.reply,
      channel: 'EMAIL',
      direction: 'INBOUND',
      subject: REPLY.subject,
      body: REPLY.body,
      sentAt: REPLY.sent_at,
      stepNumber: 1,
      variant: null,
    },
  },
};

export const eventExamples: Record<string, unknown> = {
  EventIngest: EVENT_INPUT,
  EventSubject: EVENT_INPUT.subject,
  EventIngestAccepted: { accepted: true, idempotency_key: IDEMPOTENCY_KEY },
  Event: EVENT,
  Playbook: PLAYBOOK,
  PlaybookCreate: {
    name: PLAYBOOK.name,
    event_name: PLAYBOOK.event_name,
    action: ENROLL,
    requires_approval: true,
    status: 'ACTIVE',
  },
  PlaybookUpdate: { action: CREATE_TASK, requires_approval: false },
  PlaybookActionInput: ENROLL,
  PlaybookAction: ENROLL,
  PlaybookRun: RUN,
  Activity: ACTIVITY,
  ActivityPayload: ACTIVITY.payload,
  AuditEntry: {
    id: ID.auditEntry,
    occurred_at: '2026-11-20T09:12:03.412Z',
    actor: { type: 'API_KEY', key_id: ID.apiKey, user_id: ID.user, operator: null },
    request_id: '5f0e6c1a-2b7d-4e3f-9a8c-1d2e3f4a5b6c',
    method: 'POST',
    action: '/v1/contacts',
    resource_type: 'contacts',
    resource_id: ID.contact,
    fields: ['email', 'first_name', 'last_name', 'company_domain'],
    status: 201,
    outcome: 'SUCCEEDED',
  },
};
