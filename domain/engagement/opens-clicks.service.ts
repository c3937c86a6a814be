// Opens and clicks of a run's emails, as the tracking pixel and tracked links report them (never
// failing the reader) and as the test helpers simulate them. The first open emits message.opened and
// scores; every click emits message.link_clicked, only the first scores (engagement-steps.ts).
import { emitEvent } from '../activity/emit.ts';
import { lockRun, sequenceEvent } from '../sequences/runs.ts';
import { recorded, type EngagementDeps } from './engagement.service.ts';
import {
  ENGAGEMENT_POINTS,
  lockMessage,
  messageEmbed,
  requireOutbound,
  resultOf,
  score,
  type EngagementResult,
} from './engagement-steps.ts';
import { countClick, countOpen, messageOrganization } from './engagement.queries.ts';

/** A click this soon after the send is a link scanner's, not a person's (docs/api/stats.md). */
export const BOT_CLICK_SECONDS = 10;

/**
 * An open or click from a tracking link, recorded under the message's organization; a message
 * deleted meanwhile is nothing to record. Never fails the reader: a failure is logged.
 */
async function recordTracked(
  deps: EngagementDeps,
  messageId: string,
  work: (organizationId: string) => Promise<unknown>,
): Promise<void> {
  try {
    const organizationId = await messageOrganization(deps.em.fork(), messageId);
    if (organizationId) await work(organizationId);
  } catch (error) {
    deps.logger?.warn({ err: error, messageId }, 'engagement not recorded');
  }
}

/** The tracking pixel of a message loaded: recordOpen() under its organization, never failing the reader. */
export function recordTrackedOpen(deps: EngagementDeps, messageId: string, proxy = false): Promise<void> {
  return recordTracked(deps, messageId, (organizationId) =>
    recordOpen(deps, organizationId, messageId, new Date(), proxy),
  );
}

/** A tracked link of a message followed: recordClick() under its organization, never failing the reader. */
export function recordTrackedClick(deps: EngagementDeps, messageId: string, url: string): Promise<void> {
  return recordTracked(deps, messageId, (organizationId) => recordClick(deps, organizationId, messageId, url));
}

/**
 * An email was opened (the tracking pixel, or the test helper); `proxy`: the pixel was fetched by
 * a privacy proxy (Apple Mail Privacy Protection), counted apart from a person's opens (docs/api/stats.md).
 */
export async function recordOpen(
  deps: EngagementDeps,
  organizationId: string,
  messageId: string,
  at = new Date(),
  proxy = false,
): Promise<EngagementResult> {
  return recorded(deps, organizationId, async (tx) => {
    const message = await lockMessage(tx, organizationId, messageId);
    requireOutbound(message, ['EMAIL'], 'opened');
    await countOpen(tx, message.id, at, proxy);
    let run = message.sequence_id ? await lockRun(tx, message.sequence_id) : null;
    if (run && message.opened_at === null) {
      await emitEvent(
        tx,
        sequenceEvent(run, 'message.opened', {
          resourceType: 'MESSAGE',
          channel: 'EMAIL',
          messageId: message.id,
          embeds: { message: messageEmbed(message) },
        }),
      );
      run = await score(tx, run, ENGAGEMENT_POINTS.open, 'EMAIL');
    }
    return resultOf(tx, organizationId, message.id, run);
  });
}

/** A tracked link of an email was clicked. */
export async function recordClick(
  deps: EngagementDeps,
  organizationId: string,
  messageId: string,
  url: string | null,
  at = new Date(),
): Promise<EngagementResult> {
  return recorded(deps, organizationId, async (tx) => {
    const message = await lockMessage(tx, organizationId, messageId);
    requireOutbound(message, ['EMAIL'], 'clicked');
    await countClick(tx, message.id, at, BOT_CLICK_SECONDS);
    let run = message.sequence_id ? await lockRun(tx, message.sequence_id) : null;
    if (run) {
      await emitEvent(
        tx,
        sequenceEvent(run, 'message.link_clicked', {
          resourceType: 'MESSAGE',
          channel: 'EMAIL',
          messageId: message.id,
          embeds: { message: messageEmbed(message) },
          fields: { url },
        }),
      );
      if (message.clicked_at === null) run = await score(tx, run, ENGAGEMENT_POINTS.click, 'EMAIL');
    }
    return resultOf(tx, organizationId, message.id, run);
  });
}
