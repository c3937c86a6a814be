// A step's email as the send path composes it (domain/sequences/step-email.ts), for the content
// check's unit tests: the body rendered as given, on a tracking domain or the public base URL.
import { stepEmail } from '../../../../domain/sequences/step-email.ts';
import type { CheckContext, RenderedStep } from '../../../../domain/sequences/content-check/content-check.ts';

export const SETTINGS = { baseUrl: 'https://outreach.test', secret: 'unit-test-secret-unit-test-secret' };
const IDS = { sequenceId: '5d7c1b5e-2a4f-4c1e-9a3b-7f6e5d4c3b2a', messageId: '0b6a1a8e-5a3c-4a9e-8f1e-2d3c4b5a6f70' };

/** The email of `body` with `subject`; tracking on unless turned off; on `trackingDomain` when given. */
export function emailOf(
  body: string,
  options: { subject?: string; trackingDomain?: string; open?: boolean; click?: boolean } = {},
): { rendered: RenderedStep; ctx: CheckContext } {
  const row = {
    tracking_domain: options.trackingDomain ?? null,
    sender_identity: 'Acme Inc.',
    postal_address: '1 Main St',
    open_tracking: options.open ?? true,
    click_tracking: options.click ?? true,
  };
  const email = stepEmail(SETTINGS, row, IDS, body);
  return {
    rendered: { subject: options.subject ?? 'Hello', body, text: email.text, html: email.html },
    ctx: {
      step: 2,
      variant: null,
      paths: { subject: 'steps[1].subject', body: 'steps[1].body' },
      linkBaseUrl: email.linkBaseUrl,
      unsubscribeUrl: email.unsubscribeUrl,
    },
  };
}

/** Only the codes and paths of warnings, for short assertions. */
export const codes = (warnings: { code: string; path: string }[]) => warnings.map((w) => `${w.code} ${w.path}`);
