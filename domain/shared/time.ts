// Time units and the one way a timestamp becomes the API's text. Pure (no I/O), so workflow code,
// providers and domain code all take these from here.

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * An ISO 8601 UTC timestamp (`2026-01-31T09:00:00.000Z`), or null for null. Takes a Date or the
 * text PostgreSQL answers for a timestamp column.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** The UTC calendar day of an instant (`2026-01-31`): a date column's value. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}
