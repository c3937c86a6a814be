// What each tag of the OpenAPI document groups, as the reference page shows it above its operations.
// Every tag a route uses must have one (the document's lint test refuses a tag without a description).
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Service:
    'Public endpoints outside the API key: liveness and readiness probes, this document and its reference page, the Prometheus metrics, ' +
    'and the links the service puts in emails (the open pixel, the tracked-link redirect, the unsubscribe page).',
  Identity: 'The API key making the request: its organization, name, prefix and scopes.',
  Users: 'The people of the organization: senders of sequences, owners of contacts and accounts, assignees of tasks.',
  Contacts:
    'People of the workspace: upsert by email or LinkedIn URL, read, list, delete, owner, contact-scope variables, and enrichment ' +
    'from the directory (spending enrichment credits).',
  Accounts:
    'Companies of the workspace, by domain: upsert, read, list, owner, and account-scope variables shared by every contact of the account.',
  CRM: 'Writes properties of an account or contact to the connected CRM, linking the record first (found by identity, else created there).',
  Qualification:
    "Scores a contact against the organization's ideal customer profile (the ICP profile) and explains the score.",
  Search:
    'One search over the kinds the key can read (leads, accounts, sequence templates, tasks) with typed ids `<kind>:<uuid>`, and fetch by such an id.',
  Activities:
    'The outreach activity stream: every event the service emits (the ones webhooks deliver), newest first, with its payload camelCased.',
  'Audit log':
    'Who changed what: every write through /v1 (refused ones included) and every admin command, with the key and its user or the ' +
    'operator, the route or command, the resource, the names of the fields sent (never their values), the request id and the outcome.',
  Webhooks:
    'Subscriptions that receive signed outreach events at an https URL: create (the signing secret is shown once), filter by event type ' +
    'and sequence template, rotate the secret, test, and read or replay deliveries. The bodies sent are under `webhooks` (tag Webhook events).',
  'Webhook events':
    "What the service POSTs to the URL of a webhook subscription (the document's `webhooks`): one JSON body per event, `type` its " +
    'discriminator, snake_case fields, signed the Standard Webhooks way (`webhook-id`, `webhook-timestamp`, `webhook-signature`). Answer 2xx quickly, ' +
    'also for a `type` you do not know, and deduplicate on `webhook-id`. The activity stream records the same events (`ActivityPayload`).',
  Exclusions:
    'People (email or LinkedIn URL) and companies (domain) never to enroll, send to or import, permanently or until a date.',
  'Sequence templates':
    'The plan a sequence runs: steps (email, LinkedIn invitation or message, call) with their delays, schedule, sender and rules.',
  Stats:
    'Results read in milliseconds from per-day counters: per template, step and variant, and per sender mailbox (sent, delivered, unique opens and clicks, ' +
    'replies and positive replies, bounces, opt-outs, meetings, tasks) with their rates. Bot clicks and privacy-proxy opens are counted apart.',
  Sequences:
    'One contact running one template: enroll (checked for exclusions and duplicates), read, list, variables, pause, resume, stop, and unenroll.',
  Messages:
    'What sequences and people sent and received (emails, LinkedIn messages and invitations), with their opens, clicks, replies and bounces.',
  'Contact lists':
    'Named lists of people and their entries: an entry resolves to a workspace contact (imported from the directory when unknown) ' +
    "and may enroll it in the list's default sequence template.",
  'Account lists': 'Named lists of companies and their entries, each resolved to a workspace account.',
  Tasks:
    'Manual work: calls of CALL steps, replies to answer, leads to review and standalone to-dos; assign, start, complete, skip, reopen, snooze, ' +
    'and execute (send the reply, log the call, review the lead).',
  Playbooks:
    'Rules that act on the contact an ingested event resolves to (enroll it in a sequence, with or without approval), and their runs.',
  Events:
    'First-party events of your own systems about a person or company: ingested idempotently, resolved to a contact and account, and ' +
    'feeding playbooks and custom-event signals.',
  Signals:
    'Buying signals: a preset watched with filters, checked on a cadence, importing what it finds into its own list and optionally enrolling it.',
  'Test helpers':
    "Sandbox mode only (`SANDBOX_MODE`, on unless `SMTP_URL` is set): simulate what contacts do with a run's messages " +
    '(open, click, reply, bounce, meeting, LinkedIn acceptance) through the same code real engagement takes. Absent in production.',
};
