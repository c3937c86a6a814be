// What a sequence step says, made one way for the step that sends it (activities/sequence-step.ts)
// and for the preview that only shows it (preview.service.ts): the variables its Liquid renders
// with, the rendered text, and an email's text and HTML parts (links tracked or not, the compliance
// footer, the open pixel) on the organization's tracking base URL, its unsubscribe link included.
import type { EntityManager } from '@mikro-orm/postgresql';
import { trackedEmail, trackingBaseUrl, type TrackedEmail } from '../engagement/tracking.ts';
import { accountVariables, contactVariables } from '../people/variables.service.ts';
import { renderTemplate, templateVariables } from './render.ts';
import type { RunRow } from './runs.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** The contact, account and run fields a step's text renders with. */
export type StepVariablesRow = Pick<
  RunRow,
  | 'contact_id'
  | 'contact_account_id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'job_title'
  | 'company_name'
  | 'linkedin_url'
  | 'phone'
  | 'account_name'
  | 'account_domain'
  | 'variables'
>;

export type StepVariables = Record<string, string>;

/** The variables a step's subject and body render with: loaded once per step. */
export async function stepVariables(
  em: EntityManager,
  row: StepVariablesRow,
  from: { name: string; email: string } | null,
): Promise<StepVariables> {
  return templateVariables({
    contact: {
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      job_title: row.job_title,
      company_name: row.company_name ?? row.account_name,
      company_domain: row.account_domain,
      linkedin_url: row.linkedin_url,
      phone: row.phone,
    },
    account: row.account_name ? { name: row.account_name, domain: row.account_domain } : null,
    accountVariables: await accountVariables(em, row.contact_account_id),
    contactVariables: await contactVariables(em, row.contact_id),
    runVariables: row.variables,
    sender: from,
  });
}

/** Rendered text is well-formed: a filter that cut inside a surrogate pair (e.g. `truncate`) leaves U+FFFD, never a lone surrogate. */
export async function renderStepText(template: string, variables: StepVariables): Promise<string> {
  return (await renderTemplate(template, variables)).toWellFormed();
}

/** The organization's and the template's settings an email's parts follow. */
export type StepEmailRow = Pick<
  RunRow,
  'tracking_domain' | 'sender_identity' | 'postal_address' | 'open_tracking' | 'click_tracking'
>;

export interface StepEmailSettings {
  /** The service's public base URL (PUBLIC_BASE_URL, else its own address). */
  baseUrl: string;
  /** Signs tracking and unsubscribe tokens (WEBHOOK_SECRET_KEY). */
  secret: string;
}

export interface StepEmail extends TrackedEmail {
  /** The run's unsubscribe link, in the footer and the List-Unsubscribe header. */
  unsubscribeUrl: string;
  /** Where tracking links, the pixel and the unsubscribe link point: the tracking domain, else the public base URL. */
  linkBaseUrl: string;
}

/** The service's own address: PUBLIC_BASE_URL, else where it listens locally (no trailing slash). */
export function serviceBaseUrl(config: { publicBaseUrl: string | undefined; port: number }): string {
  return (config.publicBaseUrl ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
}

/**
 * The run's unsubscribe link, `/u/<token>` on the organization's tracking domain when it has one
 * (the service answers `/t/*` and `/u/*` on any host), else on the public base URL.
 */
export function unsubscribeUrl(
  settings: StepEmailSettings,
  row: Pick<StepEmailRow, 'tracking_domain'>,
  sequenceId: string,
) {
  return `${trackingBaseUrl(row.tracking_domain, settings.baseUrl)}/u/${unsubscribeToken(settings.secret, sequenceId)}`;
}

/** An EMAIL step's variables: the step's own and `unsubscribe_url` (the run's link; a custom footer places it). */
export function emailVariables(variables: StepVariables, unsubscribe: string): StepVariables {
  return { ...variables, unsubscribe_url: unsubscribe };
}

/**
 * An email step's parts for the run `sequenceId` and its message `messageId`: tracking links, the
 * pixel and the unsubscribe link on the organization's tracking domain when it has one.
 */
export function stepEmail(
  settings: StepEmailSettings,
  row: StepEmailRow,
  ids: { sequenceId: string; messageId: string },
  body: string,
): StepEmail {
  const linkBaseUrl = trackingBaseUrl(row.tracking_domain, settings.baseUrl);
  const unsubscribe = unsubscribeUrl(settings, row, ids.sequenceId);
  const parts = trackedEmail({
    baseUrl: linkBaseUrl,
    secret: settings.secret,
    messageId: ids.messageId,
    body,
    unsubscribeUrl: unsubscribe,
    sender: { identity: row.sender_identity, postalAddress: row.postal_address },
    openTracking: row.open_tracking,
    clickTracking: row.click_tracking,
  });
  return { ...parts, unsubscribeUrl: unsubscribe, linkBaseUrl };
}
