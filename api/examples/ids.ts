// The ids, tokens and times the OpenAPI examples share, so that one example refers to another as a
// real client's data would: the contact of a sequence is the contact the contact examples show.
// They are placeholders, never real records: test/api/openapi-examples.test.ts creates a record
// for each one it needs and swaps the placeholder for the record's id before sending an example.

export const EXAMPLE_IDS = {
  organization: '1c1f463e-dfba-4d4b-b9fa-b6da5f22b433',
  /** Grace Hopper, the organization's owner: the API key's user, sender and default assignee. */
  user: '07c03163-94e0-4441-9afb-b97dc41f3efe',
  /** Alan Turing, a colleague tasks and records are handed to. */
  colleague: '48c525aa-b987-4db4-abfa-903b8cd11acc',
  apiKey: '4d71a316-5c3d-488d-80b4-90065394cafe',
  /** Ada Lovelace, the prospect. */
  contact: '9ef55153-91cb-44cc-a121-c1cc2f6a3f56',
  /** Her company, Analytical Engines. */
  account: '454b5576-ffbd-44fd-951e-0941cbba0073',
  sequenceTemplate: '464083dc-7e16-4522-aef6-155b2bc693d2',
  sequence: '9af48956-efa1-4d77-85a7-5f8ffa48b6ab',
  /** The first email the sequence sent Ada. */
  message: 'aecc8479-8190-46c7-a28f-a19dbde95f73',
  /** The LinkedIn invitation of the second step. */
  invitation: '0f8e0c2a-3b61-4c7e-9a55-6e2d1b7c4f90',
  /** Ada's reply to it. */
  reply: '2fb6f788-3087-4398-aeea-15f7b3fc9035',
  /** A to-do of Grace's about Ada. */
  task: 'aa566163-cc72-4ac9-a3b2-31b365527082',
  /** The call the template's CALL step gave Grace. */
  callTask: '74829b4c-bfb6-4c83-87d5-3fd47b1b52ef',
  contactList: '353ca4ce-0573-4912-9de5-7f48578bc046',
  /** A second list made in the same batch. */
  webinarList: '4e6967f6-5b7e-44d6-8adc-26d4757ea7c8',
  contactEntry: 'd94eaee9-d3cf-4c9f-95d9-fe3446b6bb3a',
  accountList: 'ea2f67bf-0f8d-4a2a-9684-59306aa83117',
  accountEntry: 'f12dd301-2b8d-4456-96f5-d4b0a9d76126',
  contactExclusion: '5d548304-342f-4226-9077-e71dcb33f5f6',
  accountExclusion: 'cba65b78-e4e7-4aaa-8947-a5516e311bb8',
  webhook: '59f37b74-d2ea-48a5-b902-e8a996b5527e',
  /** A delivery id is the `webhook-id` header receivers deduplicate on, not a UUID. */
  webhookDelivery: 'msg_68dbe84e46fe4aaa900cd699ab894c6c',
  activity: 'c5fab669-95d7-4154-8484-44feeefa9df9',
  /** The audit log's entry of Ada's upsert. */
  auditEntry: '6b0f1d3e-8a52-4c1b-9f47-2d9e3c5a7b18',
  /** The erasure of Ada at her privacy request. */
  erasureJob: '8e3a1c52-7d94-4b0e-a6f1-3c2d5e7f9a41',
  event: 'c9571357-2594-44f3-b210-7a31592e2614',
  playbook: 'a478c87b-7f4c-4468-9af6-1cea4439afbe',
  playbookRun: 'c12fd156-5755-4eb4-969c-1266d81aa240',
  signal: '36bdca2a-78c2-4107-bac9-a6f16e233895',
  /** A copy of the signal, and its destination list. */
  signalCopy: '24d98f1e-4dca-4ee2-822c-9293028ecfd0',
  signalCopyList: 'baa0b12c-cbe7-4fa6-ba83-2649eb2dbb88',
  signalImport: '4144678b-24d6-43b1-9295-275f047bcfc9',
  meeting: '12191820-d9df-48f1-be3e-33a6bdc000c5',
  enrollmentRun: '3f7d3823-16b1-4489-8f71-e71be4e784e5',
} as const;

/** The signed tokens of an email's links (`<id>.<mac>`): unsubscribe signs the sequence, open and click the message. */
export const EXAMPLE_TOKENS = {
  unsubscribe: `${EXAMPLE_IDS.sequence}.q3VdK8mXo1Lr7TzYb2NcWA`,
  open: `${EXAMPLE_IDS.message}.Hf9sPq2LmZ0xRk4VtB7yEg`,
  click: `${EXAMPLE_IDS.message}.Xc5nJw8QaT3uGd6KpL1mRs`,
} as const;

/** The link of the first email a click token signs. */
export const EXAMPLE_LINK = 'https://example.com/case-studies/analytical-engines';

/**
 * The example of a path parameter, by its name, unless the route gives its own (the exclusion
 * routes share `exclusion_id`, the email links `token`).
 */
export const PATH_PARAMETER_EXAMPLES: Record<string, string> = {
  contact_id: EXAMPLE_IDS.contact,
  account_id: EXAMPLE_IDS.account,
  sequence_template_id: EXAMPLE_IDS.sequenceTemplate,
  sequence_id: EXAMPLE_IDS.sequence,
  message_id: EXAMPLE_IDS.message,
  task_id: EXAMPLE_IDS.task,
  contact_list_id: EXAMPLE_IDS.contactList,
  contact_entry_id: EXAMPLE_IDS.contactEntry,
  account_list_id: EXAMPLE_IDS.accountList,
  account_entry_id: EXAMPLE_IDS.accountEntry,
  exclusion_id: EXAMPLE_IDS.contactExclusion,
  webhook_id: EXAMPLE_IDS.webhook,
  delivery_id: EXAMPLE_IDS.webhookDelivery,
  activity_id: EXAMPLE_IDS.activity,
  event_id: EXAMPLE_IDS.event,
  playbook_id: EXAMPLE_IDS.playbook,
  signal_id: EXAMPLE_IDS.signal,
  job_id: EXAMPLE_IDS.erasureJob,
  key: 'pain_point',
};

/**
 * The time of the snooze example, in the story's days like every time of the examples (early March
 * 2026): the API wants a snooze within the coming year, so the test maps it to tomorrow, as it maps
 * the ids. Examples stay fixed: client generators copy them into the code they generate
 * (openapi-typescript's @example), which must not change from day to day.
 */
export const EXAMPLE_SNOOZE_UNTIL = '2026-03-06T08:30:00.000Z';
