// Event times of a workflow's history, for the benchmarks that say where an operation's time went:
// each event's type and time in ms (the server's clock, the machine the benchmark runs on).
import protos from '@temporalio/proto';

const proto = protos.temporal;
const EventType = proto.api.enums.v1.EventType;
export type History = protos.temporal.api.history.v1.IHistory;

export interface TimedEvent {
  /** The event type without its EVENT_TYPE_ prefix, e.g. WORKFLOW_TASK_STARTED. */
  type: string;
  ms: number;
  /** A marker's name, an activity's type or a timer's duration. */
  detail: string;
}

const durationMs = (d: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
  Number(d?.seconds ?? 0) * 1000 + Math.floor((d?.nanos ?? 0) / 1e6);

export function timedEvents(history: History): TimedEvent[] {
  return (history.events ?? []).map((event) => {
    const timer = event.timerStartedEventAttributes
      ? `${durationMs(event.timerStartedEventAttributes.startToFireTimeout)} ms`
      : '';
    return {
      type: EventType[event.eventType ?? 0]?.replace(/^EVENT_TYPE_/, '') ?? String(event.eventType),
      ms: durationMs(event.eventTime),
      detail:
        event.markerRecordedEventAttributes?.markerName ??
        event.activityTaskScheduledEventAttributes?.activityType?.name ??
        timer,
    };
  });
}

/** "+ms TYPE (detail)" lines relative to `zeroMs`. */
export function eventLines(events: TimedEvent[], zeroMs: number): string[] {
  return events.map(
    (e) => `    +${String(e.ms - zeroMs).padStart(5)} ms  ${e.type}${e.detail ? ` (${e.detail})` : ''}`,
  );
}

/** The time of the first event of `type` (after index `from`), or NaN. */
export function firstAt(events: TimedEvent[], type: string, from = 0): number {
  return events.slice(from).find((e) => e.type === type)?.ms ?? Number.NaN;
}
